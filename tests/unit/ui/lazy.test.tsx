import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazyComponent, lazyDialog, preloadOnIntent, usePreloadWhenIdle } from '@/components/ui/lazy';

function Dialog({ open, title }: { open: boolean; title: string }) {
  return <div role="dialog" aria-label={title} data-open={String(open)} />;
}

it('fetches a dialog’s code on its first opening, and keeps it mounted after it closes', async () => {
  const load = jest.fn(() => Promise.resolve(Dialog));
  const Lazy = lazyDialog(load);
  const { rerender } = render(<Lazy open={false} title="Törlés" />);
  expect(load).not.toHaveBeenCalled();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  rerender(<Lazy open title="Törlés" />);
  expect(load).toHaveBeenCalledTimes(1);
  expect(await screen.findByRole('dialog', { name: 'Törlés' })).toHaveAttribute('data-open', 'true');

  // Closing is the dialog's own (its animation, focus going back): it stays, told it is closed.
  rerender(<Lazy open={false} title="Törlés" />);
  expect(screen.getByRole('dialog', { name: 'Törlés' })).toHaveAttribute('data-open', 'false');
  rerender(<Lazy open title="Törlés" />);
  expect(load).toHaveBeenCalledTimes(1);
});

it('fetches the code of every lazy dialog the page renders once the page is idle, and each only once', async () => {
  const first = jest.fn(() => Promise.resolve(Dialog));
  const second = jest.fn(() => Promise.resolve(Dialog));
  const A = lazyDialog(first);
  const B = lazyDialog(second);
  const { rerender } = render(
    <>
      <A open={false} title="Szpot" />
      <B open={false} title="Hang" />
    </>,
  );
  expect(first).not.toHaveBeenCalled();
  await waitFor(() => expect(first).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(second).toHaveBeenCalledTimes(1));

  // Opening after the preload fetches nothing again, and shows the dialog in the same commit (no
  // render without it in between).
  rerender(
    <>
      <A open title="Szpot" />
      <B open={false} title="Hang" />
    </>,
  );
  expect(screen.getByRole('dialog', { name: 'Szpot' })).toBeInTheDocument();
  expect(first).toHaveBeenCalledTimes(1);
});

it('leaves a dialog no page renders (the shell’s) to intent, and a component defined for the shell to the page that asks', async () => {
  const dialog = jest.fn(() => Promise.resolve(Dialog));
  const shells = jest.fn(() => Promise.resolve(Dialog));
  const pages = jest.fn(() => Promise.resolve(Dialog));
  lazyDialog(dialog);
  lazyComponent(shells, { idle: false });
  const Asked = lazyComponent(pages, { idle: false });
  function Page() {
    usePreloadWhenIdle(Asked);
    return null;
  }
  render(<Page />);
  await waitFor(() => expect(pages).toHaveBeenCalledTimes(1));
  // The idle time that fetched the page's has come and gone: the others are still not fetched.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(dialog).not.toHaveBeenCalled();
  expect(shells).not.toHaveBeenCalled();
});

it('fetches a dialog’s code when the pointer enters or focus reaches its trigger', () => {
  const load = jest.fn(() => Promise.resolve(Dialog));
  const Lazy = lazyDialog(load);
  render(
    <button type="button" {...preloadOnIntent(Lazy)}>
      Új szpot
    </button>,
  );
  expect(load).not.toHaveBeenCalled();
  fireEvent.focus(screen.getByRole('button', { name: 'Új szpot' }));
  expect(load).toHaveBeenCalledTimes(1);
  fireEvent.pointerEnter(screen.getByRole('button', { name: 'Új szpot' }));
  expect(load).toHaveBeenCalledTimes(1);
});
