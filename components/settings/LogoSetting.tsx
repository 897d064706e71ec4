'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Setting } from '@/contracts';
import { CustomerLogo } from '@/components/ui/CustomerLogo';
import { FormActions } from '@/components/ui/FormActions';
import { FormErrors } from '@/components/ui/form-errors';
import { UploadField } from '@/components/ui/UploadField';
import { DEFAULT_LOGO } from '@/lib/api/customer';
import { settingFilePath, settingForm } from '@/lib/api/settings';
import { useUpload } from '@/lib/api/use-upload';
import { form as huForm } from '@/lib/i18n/hu/form';
import { settings as huSettings } from '@/lib/i18n/hu/settings';
import { useObjectUrl } from '@/lib/ui/use-object-url';
import { SettingRow, settingLabel } from './SettingRow';
import { useSettingSubmit } from './use-setting-submit';
import styles from './Settings.module.scss';

const hu = { form: huForm, settings: huSettings };

/**
 * 'Logó' (SPEC.md §2 Settings page): the current logo in view mode; 'Logó cseréje' opens the upload
 * editor (pick or drop one JPEG/PNG, its preview, the upload's progress, 'Mégse' that also stops an
 * upload on its way). The header shows the new logo as soon as the server has it.
 */
export function LogoSetting({ setting }: { setting: Setting }) {
  const [editing, setEditing] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const file = files[0] ?? null;
  const [preview, showPreview] = useObjectUrl();
  const { progress, upload } = useUpload();
  const save = useSettingSubmit((signal) => {
    if (!file) throw new Error('No file picked');
    return upload<Setting>(settingFilePath(setting.id), settingForm(setting, 'file', file), signal);
  });

  // Focus follows the switch: into the editor's picker, and back to the button that opened it.
  const changeButton = useRef<HTMLButtonElement>(null);
  const editor = useRef<HTMLFormElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    if (editing) editor.current?.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
    else changeButton.current?.focus();
  }, [editing]);

  const switchTo = (next: boolean) => {
    switched.current = true;
    setEditing(next);
    setFiles([]);
    showPreview(null);
    save.clearErrors();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save.submit()) switchTo(false);
  };

  const cancel = () => {
    save.abort();
    switchTo(false);
  };

  const current = setting.url || DEFAULT_LOGO;

  return (
    <SettingRow title={settingLabel(setting.key)} hint={hu.settings.logoHint} saved={save.saved}>
      {editing ? (
        <FormErrors value={save.errors}>
          <form ref={editor} className={styles.logoEditor} onSubmit={onSubmit} noValidate>
            <UploadField
              kind="image"
              maxFiles={1}
              label={hu.settings.logoFile}
              buttonLabel={hu.settings.logoPick}
              dropHint={hu.settings.logoDrop}
              files={files}
              onFilesChange={(picked) => {
                setFiles(picked);
                showPreview(picked[0] ?? null);
                save.clearErrors();
              }}
              progress={progress}
            >
              <div className={styles.logoCompare}>
                <figure className={styles.logoFigure}>
                  <CustomerLogo src={current} alt={hu.settings.logoCurrent} className={styles.logoImage} />
                  <figcaption>{hu.settings.logoCurrent}</figcaption>
                </figure>
                {preview ? (
                  <figure className={styles.logoFigure}>
                    {/* A blob: URL of the picked file: nothing for next/image to optimise. */}
                    <img src={preview} alt={hu.settings.logoPreview} className={styles.logoImage} />
                    <figcaption>{hu.settings.logoPreview}</figcaption>
                  </figure>
                ) : null}
              </div>
            </UploadField>
            <FormActions
              busy={save.busy}
              submitLabel={hu.settings.logoUpload}
              busyLabel={hu.settings.logoUploading}
              submitDisabled={!file}
              onCancel={cancel}
              cancelLabel={hu.form.cancel}
              cancelWhileBusy
            />
          </form>
        </FormErrors>
      ) : (
        <div className={styles.logoView}>
          <figure className={styles.logoFigure}>
            <CustomerLogo src={current} alt={hu.settings.logoCurrent} className={styles.logoImage} />
            {setting.url ? null : <figcaption>{hu.settings.logoDefault}</figcaption>}
          </figure>
          <button ref={changeButton} type="button" className={styles.secondary} onClick={() => switchTo(true)}>
            {hu.settings.logoChange}
          </button>
        </div>
      )}
    </SettingRow>
  );
}
