import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { DialogFrame } from '@/components/ui/DialogFrame';
import { WarmUp, lazyComponent, lazyDialog, preloadOnIntent, usePreloadWhenIdle } from '@/components/ui/lazy';

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

describe('warming a dialog up before its first opening', () => {
  it('renders it once, opened, with none of its effects, then drops it; the first opening is a new mount', async () => {
    const renders: boolean[] = [];
    let effects = 0;
    function Counted({ open, title }: { open: boolean; title: string }) {
      renders.push(open);
      useEffect(() => {
        effects += 1;
      }, []);
      return open ? <div role="dialog" aria-label={title} /> : null;
    }
    const Lazy = lazyDialog(() => Promise.resolve(Counted));
    const { container, rerender } = render(<Lazy open={false} title="Szpot" />);
    await waitFor(() => expect(renders).toContain(true));
    expect(effects).toBe(0);
    // Dropped once rendered: nothing of it stays in the page.
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();

    const warmRenders = renders.length;
    rerender(<Lazy open title="Szpot" />);
    expect(screen.getByRole('dialog', { name: 'Szpot' })).toBeInTheDocument();
    expect(effects).toBe(1);
    // Closed and opened again: no second warm-up.
    rerender(<Lazy open={false} title="Szpot" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders.filter((open, i) => i >= warmRenders && open).length).toBe(1);
  });

  it('renders what the dialog’s portal holds, and leaves the page alone: focus and the body untouched', async () => {
    const Lazy = lazyDialog(() => Promise.resolve(DialogFrame));
    const nameRendered = jest.fn();
    function Name() {
      nameRendered();
      return <input aria-label="Név" autoFocus />;
    }
    function Page() {
      return (
        <>
          <input aria-label="Keresés" />
          <Lazy open={false} onOpenChange={() => undefined} title="Új lista">
            <Name />
          </Lazy>
        </>
      );
    }
    render(<Page />);
    const search = screen.getByRole('textbox', { name: 'Keresés' });
    search.focus();
    Lazy.preload();
    await waitFor(() => expect(Lazy.isReady()).toBe(true));
    // Radix renders a portal's content only once mounted (an effect): the warm-up gives it a container.
    await waitFor(() => expect(nameRendered).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(search);
    expect(document.body).not.toHaveStyle({ pointerEvents: 'none' });
    expect(document.body.children[0]).not.toHaveAttribute('aria-hidden');
  });

  it('warms a component its page renders only when opened through WarmUp, with the props of a first opening', async () => {
    const seen: string[] = [];
    function Editor({ name }: { name: string }) {
      seen.push(name);
      return <p>{name}</p>;
    }
    const Lazy = lazyComponent(() => Promise.resolve(Editor));
    const { container } = render(
      <WarmUp of={Lazy}>
        <Lazy name="új" />
      </WarmUp>,
    );
    await waitFor(() => expect(seen).toContain('új'));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(screen.queryByText('új')).not.toBeInTheDocument();
  });
});
