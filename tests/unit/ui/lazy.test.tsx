import { render, screen } from '@testing-library/react';
import { lazyDialog } from '@/components/ui/lazy';

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
