'use client';

import { useStore } from 'jotai';
import { LazyConfirmDialog } from '@/components/ui/lazy';
import { form } from '@/lib/i18n/hu/form';
import { toast as huToast } from '@/lib/i18n/hu/toast';
import { showToast } from '@/lib/ui/toast';

const hu = { form, toast: huToast };

export interface DeleteTexts {
  title: string;
  hint: (name: string) => string;
  button: string;
}

/**
 * The mixer's delete confirmation for a row of its tables: 'Sikeresen eltávolítva.' when the
 * server took it, and a silent reload of the list when it did not (SPEC.md §8).
 */
export function DeleteConfirm<T extends { name: string }>({
  item,
  texts,
  onClose,
  remove,
  reload,
}: {
  /** The row being deleted; null while the dialog is closed. */
  item: T | null;
  texts: DeleteTexts;
  onClose: () => void;
  /** Deletes the row on the server and from the cached list. */
  remove: (item: T) => Promise<unknown>;
  reload: () => void;
}) {
  const store = useStore();
  return (
    <LazyConfirmDialog
      open={item !== null}
      onOpenChange={(next) => !next && onClose()}
      title={texts.title}
      description={item ? texts.hint(item.name) : undefined}
      confirmLabel={texts.button}
      cancelLabel={hu.form.cancel}
      danger
      onConfirm={async () => {
        if (!item) return;
        try {
          await remove(item);
          showToast(hu.toast.deleted, store);
        } catch {
          reload();
        }
      }}
    />
  );
}
