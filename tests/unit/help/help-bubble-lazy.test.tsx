import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { HelpBubble } from '@/components/help/HelpBubble';
import { installFakeFetch } from '../fake-fetch';

// Records when the panel's module is first required: every page has the bubble, few open it, so the
// panel's code must not come with the page.
let mockDialogLoaded = false;
jest.mock('@/components/help/HelpDialog', () => {
  mockDialogLoaded = true;
  return jest.requireActual('@/components/help/HelpDialog');
});

it('the bubble is a button without the dialog code; the first press loads the dialog and opens it', async () => {
  installFakeFetch(({ url }) => (url === '/api/faqs' ? { body: [] } : { status: 404 }));
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <HelpBubble playerBarId="player-bar" />
    </SWRConfig>,
  );
  const bubble = screen.getByRole('button', { name: 'Segítség' });
  expect(bubble).toHaveAttribute('aria-haspopup', 'dialog');
  expect(bubble).toHaveAttribute('aria-expanded', 'false');
  expect(mockDialogLoaded).toBe(false);

  fireEvent.click(bubble);
  // The first require transforms the dialog's modules: slow on a busy machine.
  expect(await screen.findByRole('dialog', { name: 'Segítség' }, { timeout: 20_000 })).toBeInTheDocument();
  expect(mockDialogLoaded).toBe(true);
  // The bubble says the panel is open, and names it.
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Segítség' })).toHaveAttribute('aria-expanded', 'true'),
  );
}, 30_000);
