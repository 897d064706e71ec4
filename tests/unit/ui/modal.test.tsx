import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DialogFrame } from '@/components/ui/DialogFrame';

/** A page with a button that opens a dialog with two fields, and a live region beside it. */
function Page({ focusDialog = false }: { focusDialog?: boolean }) {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <main>
        <button type="button" onClick={() => setOpen(true)}>
          Megnyitás
        </button>
        <div role="status" aria-live="polite">
          hírek
        </div>
      </main>
      <DialogFrame
        open={open}
        onOpenChange={setOpen}
        title="Szerkesztés"
        description="A név a lejátszón is látszik."
        focusDialog={focusDialog}
      >
        <input aria-label="Név" />
        <button type="button" onClick={() => setConfirm(true)}>
          Törlés
        </button>
        <ConfirmDialog
          open={confirm}
          onOpenChange={setConfirm}
          title="Biztosan törli?"
          confirmLabel="Törlés"
          cancelLabel="Mégse"
          onConfirm={() => undefined}
        />
      </DialogFrame>
    </>
  );
}

function open() {
  const opener = screen.getByRole('button', { name: 'Megnyitás' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Szerkesztés' }) };
}

const tab = (shift = false) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey: shift });

it('moves focus in, keeps Tab inside, hides the rest but its live regions, and holds the page still', () => {
  render(<Page />);
  const { dialog } = open();
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  // Named by its heading, described by the line under it.
  expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent('Szerkesztés');
  expect(dialog).toHaveAccessibleDescription('A név a lejátszón is látszik.');
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Név' }));

  // The last stop (the close button) goes round to the first, and back.
  screen.getByRole('button', { name: 'Bezárás' }).focus();
  tab();
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Név' }));
  tab(true);
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bezárás' }));

  expect(document.querySelector('main')).not.toHaveAttribute('aria-hidden');
  expect(screen.getByText('Megnyitás').closest('main')!.children[0]).toHaveAttribute('aria-hidden', 'true');
  expect(screen.getByText('hírek')).not.toHaveAttribute('aria-hidden');
  expect(getComputedStyle(document.body).overflow).toBe('hidden');

  // Focus that lands outside comes back in.
  screen.getByText('Megnyitás').focus();
  expect(dialog.contains(document.activeElement)).toBe(true);
});

it('Escape closes the topmost dialog only; focus returns to what opened each', () => {
  render(<Page />);
  const { opener, dialog } = open();
  const remove = screen.getByRole('button', { name: 'Törlés' });
  remove.focus();
  fireEvent.click(remove);
  const confirm = screen.getByRole('dialog', { name: 'Biztosan törli?' });
  // Without a description line, nothing describes it.
  expect(confirm).not.toHaveAttribute('aria-describedby');
  // The safe choice first.
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mégse' }));
  // The first dialog is hidden behind the second.
  expect(dialog.parentElement).toHaveAttribute('aria-hidden', 'true');

  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  expect(confirm).not.toBeInTheDocument();
  expect(dialog).toBeInTheDocument();
  expect(dialog.parentElement).not.toHaveAttribute('aria-hidden');
  expect(document.activeElement).toBe(remove);

  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  expect(dialog).not.toBeInTheDocument();
  expect(document.activeElement).toBe(opener);
  expect(document.querySelector('[aria-hidden]')).toBeNull();
  expect(getComputedStyle(document.body).overflow).not.toBe('hidden');
});

it('a press on the overlay closes it, a press inside does not; focusDialog focuses the dialog itself', async () => {
  render(<Page focusDialog />);
  const { dialog } = open();
  expect(document.activeElement).toBe(dialog);
  // Presses outside count from the tick after opening (the press that opened it is not one).
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  fireEvent.pointerDown(screen.getByRole('textbox', { name: 'Név' }));
  fireEvent.click(screen.getByRole('textbox', { name: 'Név' }));
  expect(dialog).toBeInTheDocument();
  fireEvent.pointerDown(dialog.previousElementSibling!);
  fireEvent.click(dialog.previousElementSibling!);
  expect(dialog).not.toBeInTheDocument();
});
