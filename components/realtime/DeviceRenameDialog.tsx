'use client';

import { useSetAtom, useStore } from 'jotai';
import { DEVICE_NAME_MAX } from '@/contracts/names';
import { ModalForm } from '@/components/ui/ModalForm';
import { TextField } from '@/components/ui/TextField';
import { form as huForm } from '@/lib/i18n/hu/form';
import { realtime as huRealtime } from '@/lib/i18n/hu/realtime';
import { realtimeApi } from '@/lib/realtime/api';
import { membersAtom } from '@/lib/realtime/atoms';
import { renameMember, type DeviceRow } from '@/lib/realtime/devices';
import { showToast } from '@/lib/ui/toast';

const hu = { form: huForm, realtime: huRealtime };

/**
 * 'Átnevezés' of one device of the device menu: the server judges the name (1–40 characters, the
 * names rule) and tells every device by DeviceRenamed; this one updates its list at once.
 */
export function DeviceRenameDialog({
  open,
  device,
  onClose,
}: {
  open: boolean;
  /** Kept while the dialog closes, so its text does not change under the closing animation. */
  device: DeviceRow | null;
  onClose: () => void;
}) {
  const store = useStore();
  const setMembers = useSetAtom(membersAtom);
  return (
    <ModalForm
      open={open && device !== null}
      onOpenChange={(open) => !open && onClose()}
      title={hu.realtime.renameTitle}
      description={hu.realtime.renameHint}
      submitLabel={hu.form.save}
      busyLabel={hu.form.saving}
      cancelLabel={hu.form.cancel}
      invalidAlert
      onSubmit={async (data) => {
        if (!device) return;
        const renamed = await realtimeApi.renameDevice(device.id, String(data.get('name') ?? '').trim());
        setMembers((list) => renameMember(list, renamed.id, renamed.name));
        showToast(hu.realtime.renamed, store);
      }}
    >
      <TextField
        name="name"
        label={hu.realtime.nameLabel}
        defaultValue={device?.named ? device.label : ''}
        placeholder={device?.named ? undefined : device?.label || hu.realtime.namePlaceholder}
        maxLength={DEVICE_NAME_MAX}
        autoComplete="off"
        autoFocus
      />
    </ModalForm>
  );
}
