'use client';

import { useStore } from 'jotai';
import type { Screen, SlideshowListItem } from '@/contracts';
import { noteScreen, screenApi, type ScreenFields } from '@/lib/api/screens';
import { form as huForm } from '@/lib/i18n/hu/form';
import { mixer } from '@/lib/i18n/hu/mixer';
import { screens } from '@/lib/i18n/hu/screens';
import { toast as huToast } from '@/lib/i18n/hu/toast';
import { showToast } from '@/lib/ui/toast';
import { FormAlert } from '@/components/ui/FormAlert';
import { ModalForm } from '@/components/ui/ModalForm';
import { SelectField, TextAreaField, TextField } from '@/components/ui/TextField';

const hu = { form: huForm, mixer, screens, toast: huToast };

const t = hu.screens;

interface Props {
  /** The screen to edit, or null for a new one. */
  screen: Screen | null;
  /** The shop's slideshows for the picker; null when they could not be read. */
  slideshows: readonly SlideshowListItem[] | null;
  onClose: () => void;
}

function fieldsOf(data: FormData): ScreenFields {
  const description = String(data.get('description') ?? '').trim();
  const slideshow = String(data.get('slideshow_id') ?? '');
  return {
    name: String(data.get('name') ?? ''),
    description: description === '' ? null : description,
    slideshow_id: slideshow === '' ? null : Number(slideshow),
  };
}

/** A screen's form (SPEC.md §2, §5): name, an optional description and its default slideshow. */
export function ScreenModal({ screen, slideshows, onClose }: Props) {
  const store = useStore();
  // A default the picker's list does not know (read before a rename, or the list failed) stays choosable.
  const current = screen?.slideshow_id ?? null;
  const known = current === null || (slideshows ?? []).some((s) => s.id === current);

  return (
    <ModalForm
      open
      onOpenChange={(next) => !next && onClose()}
      title={screen ? t.editTitle : t.createTitle}
      submitLabel={hu.form.save}
      busyLabel={hu.form.saving}
      cancelLabel={hu.form.cancel}
      onSubmit={async (data, signal) => {
        const fields = fieldsOf(data);
        const saved = screen
          ? await screenApi.update(screen.id, fields, signal)
          : await screenApi.create(fields, signal);
        await noteScreen(saved);
        showToast(hu.toast.saved, store);
      }}
    >
      <TextField
        name="name"
        label={hu.mixer.nameLabel}
        defaultValue={screen?.name ?? ''}
        placeholder={t.namePlaceholder}
        autoComplete="off"
        autoFocus
      />
      <TextAreaField name="description" label={t.descriptionLabel} defaultValue={screen?.description ?? ''} rows={3} />
      {/* SPEC.md §8 names the field `slideshow`, our API `slideshow_id`: either error shows here. */}
      <SelectField
        name="slideshow_id"
        errorKeys={['slideshow_id', 'slideshow']}
        label={t.slideshowLabel}
        defaultValue={current === null ? '' : String(current)}
      >
        <option value="">{t.noSlideshow}</option>
        {!known && current !== null && (
          <option value={String(current)}>{screen?.slideshow?.name ?? `#${current}`}</option>
        )}
        {(slideshows ?? []).map((slideshow) => (
          <option key={slideshow.id} value={String(slideshow.id)}>
            {slideshow.name}
          </option>
        ))}
      </SelectField>
      {slideshows === null && <FormAlert>{t.slideshowsFailed}</FormAlert>}
    </ModalForm>
  );
}
