import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ScheduledContent, Screen, SlideshowListItem, Spot } from '@/contracts';
import { DEFAULT_SCHEDULE_RULE } from '@/contracts/names';
import { ScheduleModal } from '@/components/mixer/scheduler/ScheduleModal';
import { installFakeFetch, type FakeCall } from '../fake-fetch';

const spots: Spot[] = [
  { id: 5, name: 'Hétvégi akció', file_name: 'a.mp3', url: '', duration: 14, created_at: '' },
  { id: 6, name: 'Nyitás', file_name: 'b.mp3', url: '', duration: 75, created_at: '' },
];
const slideshows: SlideshowListItem[] = [{ id: 3, name: 'Reggeli képek', images_count: 2, created_at: '' }];
const screens: Screen[] = [
  { id: 8, name: 'Pénztár', description: null, hash_id: 'h1', slideshow_id: null, slideshow: null, created_at: '' },
];

function saved(over: Partial<ScheduledContent> = {}): ScheduledContent {
  return {
    id: 41,
    name: 'Reggel',
    active: true,
    ...DEFAULT_SCHEDULE_RULE,
    spots: [],
    slideshows: [],
    screens: [],
    next_play_at: null,
    created_at: '2026-01-01T00:00:00+01:00',
    ...over,
  };
}

const bodyOf = (call: FakeCall) => JSON.parse(String(call.init.body)) as Record<string, unknown>;
const posts = (calls: FakeCall[]) => calls.filter((c) => c.init.method === 'POST');

function open(item: ScheduledContent | null = null) {
  const onClose = jest.fn();
  render(<ScheduleModal item={item} spots={spots} slideshows={slideshows} screens={screens} onClose={onClose} />);
  return { onClose, dialog: screen.getByRole('dialog') };
}

it('sends the weekdays shortcut, a cleared window and no screens once the slideshow is unticked', async () => {
  const { calls } = installFakeFetch((call) =>
    call.init.method === 'POST' ? { status: 201, body: saved() } : { body: [] },
  );
  const { onClose, dialog } = open();
  fireEvent.change(within(dialog).getByLabelText('Név'), { target: { value: 'Reggel' } });
  fireEvent.change(within(dialog).getByLabelText('Gyakoriság'), { target: { value: 'hourlyAt15' } });
  expect(within(dialog).getByRole('option', { name: 'Óránként, :15-kor' })).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Hétköznapok' }));
  expect(within(dialog).getByLabelText('Szombat')).not.toBeChecked();
  expect(within(dialog).getByLabelText('Péntek')).toBeChecked();

  // 'Csak ekkor' filled in, then cleared with its 'x'; 'Kivéve ekkor' kept.
  const only = within(dialog).getByRole('group', { name: 'Csak ekkor' });
  fireEvent.change(within(only).getByLabelText('Ettől'), { target: { value: '08:00' } });
  fireEvent.change(within(only).getByLabelText('Eddig'), { target: { value: '12:00' } });
  fireEvent.click(within(only).getByRole('button', { name: 'Csak ekkor: idősáv törlése' }));
  expect(within(only).getByLabelText('Ettől')).toHaveValue('');
  const except = within(dialog).getByRole('group', { name: 'Kivéve ekkor' });
  fireEvent.change(within(except).getByLabelText('Ettől'), { target: { value: '12:00' } });
  fireEvent.change(within(except).getByLabelText('Eddig'), { target: { value: '13:00' } });

  // The screens picker only while a slideshow is chosen.
  expect(within(dialog).queryByRole('group', { name: /Képernyők/ })).toBeNull();
  fireEvent.click(within(dialog).getByLabelText('Nyitás 1:15'));
  expect(within(dialog).getByText('1:15')).toBeInTheDocument(); // the spot's length
  fireEvent.click(within(dialog).getByLabelText('Reggeli képek'));
  fireEvent.click(within(within(dialog).getByRole('group', { name: /Képernyők/ })).getByLabelText('Pénztár'));
  fireEvent.click(within(dialog).getByLabelText('Reggeli képek'));
  expect(within(dialog).queryByRole('group', { name: /Képernyők/ })).toBeNull();

  fireEvent.click(within(dialog).getByRole('button', { name: 'Mentés' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  const [create] = posts(calls);
  expect(create!.url).toBe('/api/scheduled-contents');
  expect(bodyOf(create!)).toEqual({
    name: 'Reggel',
    frequency: 'hourlyAt15',
    date_from: null,
    date_to: null,
    between_from: null,
    between_to: null,
    unless_between_from: '12:00',
    unless_between_to: '13:00',
    monday: true,
    tuesday: true,
    wednesday: true,
    thursday: true,
    friday: true,
    saturday: false,
    sunday: false,
    spots: [6],
    slideshows: [],
    screens: [],
    only_open: true,
  });
});

it('edits in place: the item’s values filled in, the update path, a slideshow keeps its screens', async () => {
  const item = saved({
    date_from: '2026-03-01',
    between_from: '08:00',
    between_to: '10:00',
    sunday: false,
    slideshows: [{ id: 3, name: 'Reggeli képek' }],
    screens: [{ id: 8, name: 'Pénztár' }],
  });
  const { calls } = installFakeFetch(() => ({ body: item }));
  const { onClose, dialog } = open(item);
  expect(within(dialog).getByLabelText('Ütemezés kezdete')).toHaveValue('2026-03-01');
  expect(within(dialog).getByLabelText('Vasárnap')).not.toBeChecked();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Minden nap' }));
  expect(within(dialog).getByRole('checkbox', { name: 'Csak nyitvatartási időben' })).not.toBeChecked();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Mentés' }));
  // Every minute from 08:00 to 10:00 is 120 a day: asked first. 'Mégse' sends nothing and keeps the form.
  const question = await screen.findByRole('dialog', {
    name: 'Ez az ütemezés naponta akár 120 alkalommal szól. Biztosan így szeretné?',
  });
  fireEvent.click(within(question).getByRole('button', { name: 'Mégse' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /naponta akár/ })).toBeNull());
  expect(posts(calls)).toEqual([]);
  expect(onClose).not.toHaveBeenCalled();
  expect(within(dialog).getByLabelText('Ütemezés kezdete')).toHaveValue('2026-03-01');
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Mentés' }));
  fireEvent.click(
    within(await screen.findByRole('dialog', { name: /naponta akár 120 alkalommal/ })).getByRole('button', {
      name: 'Igen, mentés',
    }),
  );
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  const [update] = posts(calls);
  expect(update!.url).toBe('/api/scheduled-contents/41');
  expect(bodyOf(update!)).toMatchObject({
    date_from: '2026-03-01',
    between_from: '08:00',
    between_to: '10:00',
    sunday: true,
    slideshows: [3],
    screens: [8],
    only_open: false,
  });
});

it("shows the server's first message under each field and 'Hibás kitöltés, kérjük javítsa.'", async () => {
  installFakeFetch(() => ({
    status: 422,
    body: {
      message: 'x',
      errors: {
        name: ['A név megadása kötelező.', 'második'],
        days: ['Legalább egy napot válasszon.'],
        between_to: ['Az idősáv végét is adja meg.'],
        spots: ['Válasszon legalább egy szpotot vagy slideshow-t.'],
      },
    },
  }));
  const { onClose, dialog } = open();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Mentés' }));
  await waitFor(() =>
    expect(within(dialog).getByLabelText('Név')).toHaveAccessibleDescription('A név megadása kötelező.'),
  );
  expect(within(dialog).getByText('Legalább egy napot válasszon.')).toBeInTheDocument();
  expect(
    within(within(dialog).getByRole('group', { name: 'Csak ekkor' })).getByLabelText('Eddig'),
  ).toHaveAccessibleDescription('Az idősáv végét is adja meg.');
  expect(within(dialog).getByRole('group', { name: /Szpotok/ })).toHaveAccessibleDescription(
    'Válasszon legalább egy szpotot vagy slideshow-t.',
  );
  expect(within(dialog).getByText('Hibás kitöltés, kérjük javítsa.')).toBeInTheDocument();
  expect(within(dialog).queryByText('második')).toBeNull();
  expect(onClose).not.toHaveBeenCalled();
});
