import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Screen } from '@/contracts';
import { ScreenModal } from '@/components/mixer/ScreenModal';
import { installFakeFetch, type FakeAnswer, type FakeCall } from '../fake-fetch';

const slideshows = [
  { id: 3, name: 'Reggeli akciók', images_count: 2, created_at: '' },
  { id: 4, name: 'Esti ajánlat', images_count: 1, created_at: '' },
];

const existing: Screen = {
  id: 9,
  name: 'Pénztár',
  description: 'A pénztár felett',
  hash_id: 'AbCdEfGhIjKl1234',
  slideshow_id: 3,
  slideshow: { id: 3, name: 'Reggeli akciók' },
  created_at: '',
};

function bodyOf(call: FakeCall): unknown {
  return JSON.parse(String(call.init.body));
}

function answering(answer: (call: FakeCall) => FakeAnswer) {
  return installFakeFetch(answer);
}

it('creates a screen with its name, no description and the chosen default slideshow', async () => {
  const { calls } = answering(() => ({
    status: 201,
    body: { ...existing, id: 10, name: 'Bejárat', description: null, slideshow_id: 4 },
  }));
  const onClose = jest.fn();
  render(<ScreenModal screen={null} slideshows={slideshows} onClose={onClose} />);
  fireEvent.change(screen.getByLabelText('Név'), { target: { value: 'Bejárat' } });
  fireEvent.change(screen.getByLabelText('Alapértelmezett slideshow'), { target: { value: '4' } });
  fireEvent.click(screen.getByRole('button', { name: 'Mentés' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(calls[0]!.url).toBe('/api/screens');
  expect(calls[0]!.init.method).toBe('POST');
  expect(bodyOf(calls[0]!)).toEqual({ name: 'Bejárat', description: null, slideshow_id: 4 });
});

it('edits a screen in place: its values filled in, "Nincs" sends null', async () => {
  const { calls } = answering(() => ({ body: { ...existing, slideshow_id: null, slideshow: null } }));
  render(<ScreenModal screen={existing} slideshows={slideshows} onClose={() => undefined} />);
  expect(screen.getByLabelText('Név')).toHaveValue('Pénztár');
  expect(screen.getByLabelText('Leírás (nem kötelező)')).toHaveValue('A pénztár felett');
  expect(screen.getByLabelText('Alapértelmezett slideshow')).toHaveValue('3');
  fireEvent.change(screen.getByLabelText('Alapértelmezett slideshow'), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Mentés' }));
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(calls[0]!.url).toBe('/api/screens/9');
  expect(bodyOf(calls[0]!)).toEqual({ name: 'Pénztár', description: 'A pénztár felett', slideshow_id: null });
});

it('shows errors.slideshow_id, or else errors.slideshow (SPEC.md §8), under the picker', async () => {
  let errors: Record<string, string[]> = { slideshow: ['A slideshow nem található.'] };
  answering(() => ({ status: 422, body: { message: 'x', errors } }));
  render(<ScreenModal screen={null} slideshows={slideshows} onClose={() => undefined} />);
  fireEvent.change(screen.getByLabelText('Név'), { target: { value: 'Bejárat' } });
  fireEvent.click(screen.getByRole('button', { name: 'Mentés' }));
  const picker = screen.getByLabelText('Alapértelmezett slideshow');
  await waitFor(() => expect(picker).toHaveAccessibleDescription('A slideshow nem található.'));
  errors = { slideshow_id: ['A kiválasztott slideshow nem található.'], name: ['A név túl hosszú.'] };
  fireEvent.click(screen.getByRole('button', { name: 'Mentés' }));
  await waitFor(() => expect(picker).toHaveAccessibleDescription('A kiválasztott slideshow nem található.'));
  expect(screen.getByLabelText('Név')).toHaveAccessibleDescription('A név túl hosszú.');
});

it('keeps a default the list does not know choosable, and says when the list failed', () => {
  render(
    <ScreenModal
      screen={{ ...existing, slideshow_id: 7, slideshow: { id: 7, name: 'Régi' } }}
      slideshows={null}
      onClose={() => undefined}
    />,
  );
  expect(screen.getByLabelText('Alapértelmezett slideshow')).toHaveValue('7');
  expect(screen.getByRole('option', { name: 'Régi' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('A slideshowk listája nem töltődött be');
});
