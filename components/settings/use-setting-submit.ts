'use client';

import type { Setting } from '@/contracts';
import { noteSetting } from '@/lib/api/settings';
import { useCustomer } from '@/lib/api/use-customer';
import { form as huForm } from '@/lib/i18n/hu/form';
import { settings as huSettings } from '@/lib/i18n/hu/settings';
import { showToast } from '@/lib/ui/toast';
import { useFormSubmit } from '@/lib/ui/use-form-submit';
import { useSavedFlag } from '@/lib/ui/use-saved-flag';

const hu = { form: huForm, settings: huSettings };

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The save of one settings row (SPEC.md §8): the server's answer goes into every cache that shows it
 * (the header's logo too), 'Sikeresen elmentve.' and the 'Saved' indicator for 3 s on success;
 * 'Hibás kitöltés, kérjük javítsa.' as a toast on a failure, with the field's own error under it.
 * A cancelled upload shows nothing.
 */
export function useSettingSubmit(action: (signal: AbortSignal) => Promise<Setting>) {
  const { saved, flash } = useSavedFlag();
  const { data: customer } = useCustomer();
  const form = useFormSubmit(async (signal) => {
    try {
      await noteSetting(await action(signal), customer);
    } catch (error) {
      if (!signal.aborted && !isAbort(error)) showToast(hu.form.invalid);
      throw error;
    }
  }, hu.form.invalid);

  const submit = async (): Promise<boolean> => {
    const ok = await form.submit();
    if (ok) {
      showToast(hu.settings.toastSaved);
      flash();
    }
    return ok;
  };

  return { ...form, submit, saved };
}
