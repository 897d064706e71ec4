/**
 * The dialogs' shared chunk: what every dialog is made of (the modal layer, `ModalForm`, `DialogFrame`,
 * the fields, the confirm dialog), and the one place that imports each dialog's own code.
 *
 * Pages reach this module only through `import()` (`components/ui/lazy.tsx`'s `lazyComponent` and
 * `lazyDialog`, each caller naming its dialog's loader here). Each dialog's `import()` is written in
 * this module, so the bundler sees this chunk as its parent: what this chunk holds is left out of the
 * dialog's own chunk, which carries only that dialog's code. Imported straight from their pages, the
 * dialogs' chunks carried a copy each of all of it (`turbopackChunking.minChunkSize` merges a lazy
 * import's modules into one chunk), about 15 kB gzip per dialog. A new dialog's loader goes here, and
 * what a second dialog comes to share goes into the exports below.
 */

// Exported so that they are in this chunk, whichever dialog loads first.
export { ConfirmDialog } from '@/components/ui/ConfirmDialog';
export { DialogFrame } from '@/components/ui/DialogFrame';
export { FieldError } from '@/components/ui/FieldError';
export { FormActions } from '@/components/ui/FormActions';
export { FormAlert } from '@/components/ui/FormAlert';
export { FormErrors, useFieldError } from '@/components/ui/form-errors';
export { ModalForm } from '@/components/ui/ModalForm';
export { CheckboxField, SelectField, TextAreaField, TextField } from '@/components/ui/TextField';
export { UploadField } from '@/components/ui/UploadField';
export { MixerForm, MixerUploadForm } from '@/components/mixer/MixerForm';
export { useUpload } from '@/lib/api/use-upload';

export const loadPlaylistModal = () => import('@/components/playlists/PlaylistModal').then((m) => m.PlaylistModal);
export const loadSpotForm = () => import('@/components/mixer/spots/SpotForm').then((m) => m.SpotForm);
export const loadSoundUploadForm = () =>
  import('@/components/mixer/sounds/SoundUploadForm').then((m) => m.SoundUploadForm);
export const loadSoundRequestForm = () =>
  import('@/components/mixer/sounds/SoundRequestForm').then((m) => m.SoundRequestForm);
export const loadSlideshowModal = () => import('@/components/mixer/SlideshowModal').then((m) => m.SlideshowModal);
export const loadScreenModal = () => import('@/components/mixer/ScreenModal').then((m) => m.ScreenModal);
export const loadScheduleModal = () =>
  import('@/components/mixer/scheduler/ScheduleModal').then((m) => m.ScheduleModal);
export const loadBlockModal = () => import('@/components/mixer/plan/BlockModal').then((m) => m.BlockModal);
export const loadZoneChoiceDialog = () => import('@/components/zones/ZoneChoiceDialog').then((m) => m.ZoneChoiceDialog);
export const loadDeviceRenameDialog = () =>
  import('@/components/realtime/DeviceRenameDialog').then((m) => m.DeviceRenameDialog);
export const loadVersionModal = () => import('@/components/ui/VersionModal').then((m) => m.VersionModal);
