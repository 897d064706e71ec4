import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { mutate, SWRConfig } from 'swr';
import type { FaqTopic, FaqTopicDetail } from '@/contracts';
import { HelpBubble } from '@/components/help/HelpBubble';
import { installFakeFetch } from '../fake-fetch';

const TOPICS: FaqTopic[] = [
  { id: 1, name: 'Zene lejátszása', description: 'Csatornák és listák', items_count: 2 },
  { id: 2, name: 'Keverőpult', description: null, items_count: 0 },
];
const DETAIL: FaqTopicDetail = {
  ...TOPICS[0]!,
  faq_items: [
    {
      id: 5,
      name: 'Hogyan indítok el egy csatornát?',
      description: 'Nyissa meg.\n\nMajd nyomja meg a lejátszást.',
      tutorial_item_id: 12,
    },
    { id: 6, name: 'Miért nem szól a zene?', description: 'Nézze meg a hangerőt.', tutorial_item_id: null },
  ],
};

// The dialog is loaded on the first press; transforming it once here keeps that out of the timeouts.
beforeAll(async () => {
  await import('@/components/help/HelpDialog');
});

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
});

function setup() {
  const fetch = installFakeFetch(({ url }) =>
    url === '/api/faqs' ? { body: TOPICS } : url === '/api/faqs/1' ? { body: DETAIL } : { status: 404 },
  );
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <div id="player-bar">
        <button type="button">Lejátszás</button>
      </div>
      <HelpBubble playerBarId="player-bar" />
    </SWRConfig>,
  );
  return fetch;
}

it('reads nothing until opened; then the topics with description and count, a topic, an answer and its tutorial link', async () => {
  const { calls } = setup();
  expect(calls).toHaveLength(0);
  const bubble = screen.getByRole('button', { name: 'Segítség' });
  fireEvent.click(bubble);
  const dialog = await screen.findByRole('dialog', { name: 'Segítség' });
  const topic = await within(dialog).findByRole('button', { name: /Zene lejátszása/ });
  expect(topic).toHaveTextContent('Csatornák és listák');
  expect(topic).toHaveTextContent('2 kérdés');
  expect(within(dialog).getByRole('button', { name: /Keverőpult/ })).toHaveTextContent('0 kérdés');

  fireEvent.click(topic);
  const question = await within(dialog).findByRole('button', { name: 'Hogyan indítok el egy csatornát?' });
  expect(screen.getByRole('dialog', { name: 'Zene lejátszása' })).toBeInTheDocument();
  expect(within(dialog).getByRole('heading', { name: 'Zene lejátszása' })).toHaveFocus();

  fireEvent.click(question);
  expect(await within(dialog).findByText('Majd nyomja meg a lejátszást.')).toBeInTheDocument();
  expect(within(dialog).getByRole('heading', { name: 'Hogyan indítok el egy csatornát?' })).toHaveFocus();
  const link = within(dialog).getByRole('link', { name: 'Megnézem a videós útmutatót' });
  expect(link).toHaveAttribute('href', '/tutorial/12');

  // Back to the topic, and to a question without a video: no link.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Vissza: Zene lejátszása' }));
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Miért nem szól a zene?' }));
  expect(within(dialog).getByText('Nézze meg a hangerőt.')).toBeInTheDocument();
  expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Vissza: Zene lejátszása' }));
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Vissza a témákhoz' }));
  expect(await within(dialog).findByRole('button', { name: /Zene lejátszása/ })).toBeInTheDocument();
});

it('following the tutorial link closes the panel', async () => {
  setup();
  // jsdom cannot navigate; the link's href is checked above.
  const stop = (event: Event) => event.preventDefault();
  document.addEventListener('click', stop);
  fireEvent.click(screen.getByRole('button', { name: 'Segítség' }));
  fireEvent.click(await screen.findByRole('button', { name: /Zene lejátszása/ }));
  fireEvent.click(await screen.findByRole('button', { name: 'Hogyan indítok el egy csatornát?' }));
  await act(async () => {
    fireEvent.click(await screen.findByRole('link', { name: 'Megnézem a videós útmutatót' }));
  });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  document.removeEventListener('click', stop);
});

it('Escape closes it and focus returns to the bubble; the player bar stays usable while it is open', async () => {
  setup();
  const bubble = screen.getByRole('button', { name: 'Segítség' });
  fireEvent.click(bubble);
  const dialog = await screen.findByRole('dialog', { name: 'Segítség' });
  fireEvent.keyDown(dialog, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const trigger = screen.getByRole('button', { name: 'Segítség' });
  await waitFor(() => expect(trigger).toHaveFocus());

  fireEvent.click(trigger);
  await screen.findByRole('dialog', { name: 'Segítség' });
  // Presses outside count from the tick after opening (the opening press is not one).
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  fireEvent.pointerDown(screen.getByRole('button', { name: 'Lejátszás' }));
  expect(screen.getByRole('dialog', { name: 'Segítség' })).toBeInTheDocument();
  fireEvent.pointerDown(document.body);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('the close button gives focus back to the bubble; focus moving elsewhere closes it; the reader keeps their place', async () => {
  setup();
  const bubble = screen.getByRole('button', { name: 'Segítség' });
  fireEvent.click(bubble);
  let dialog = await screen.findByRole('dialog', { name: 'Segítség' });
  expect(bubble).toHaveAttribute('aria-controls', dialog.id);
  fireEvent.click(await within(dialog).findByRole('button', { name: /Zene lejátszása/ }));
  await within(dialog).findByRole('button', { name: 'Miért nem szól a zene?' });

  fireEvent.click(within(dialog).getByRole('button', { name: 'Bezárás' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(bubble).toHaveFocus();
  expect(bubble).toHaveAttribute('aria-expanded', 'false');

  // Opened again: the same topic, where the reader left it.
  fireEvent.click(bubble);
  dialog = await screen.findByRole('dialog', { name: 'Zene lejátszása' });
  // Focus into the player bar keeps it open; focus anywhere else closes it and stays there.
  act(() => screen.getByRole('button', { name: 'Lejátszás' }).focus());
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  const elsewhere = document.createElement('button');
  document.body.append(elsewhere);
  act(() => elsewhere.focus());
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(elsewhere).toHaveFocus();
  elsewhere.remove();
});

it('a failed list says so with "Újrapróbálás"', async () => {
  installFakeFetch(() => ({ status: 503, body: {} }));
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <HelpBubble playerBarId="player-bar" />
    </SWRConfig>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Segítség' }));
  expect(await screen.findByText('A súgót most nem sikerült betölteni.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Újrapróbálás' })).toBeInTheDocument();
});
