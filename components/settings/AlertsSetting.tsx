'use client';

import { useEffect, useState, type FormEvent } from 'react';
import type { AlertSettings } from '@/contracts/alerts';
import { FormActions } from '@/components/ui/FormActions';
import { FormAlert } from '@/components/ui/FormAlert';
import { FormErrors } from '@/components/ui/form-errors';
import { CheckboxField, TextField } from '@/components/ui/TextField';
import { DELAY_MAX, DELAY_MIN, SETTING_KINDS, alertsApi, noteAlertSettings, useAlertSettings } from '@/lib/api/alerts';
import { BrowserApiError, firstError } from '@/lib/api/fetcher';
import { alerts as huAlerts } from '@/lib/i18n/hu/alerts';
import { errors as huErrors } from '@/lib/i18n/hu/errors';
import { form as huForm } from '@/lib/i18n/hu/form';
import { settings as huSettings } from '@/lib/i18n/hu/settings';
import {
  currentPushSubscription,
  disablePush,
  enablePush,
  pushSupport,
  type PushSupport,
} from '@/lib/player/push-device';
import { showToast } from '@/lib/ui/toast';
import { useFormSubmit } from '@/lib/ui/use-form-submit';
import { useSavedFlag } from '@/lib/ui/use-saved-flag';
import { Section } from './OpeningHoursSetting';
import styles from './AlertsSetting.module.scss';
import rowStyles from './Settings.module.scss';

const hu = { alerts: huAlerts, errors: huErrors, form: huForm, settings: huSettings };

interface Draft {
  kinds: AlertSettings['kinds'];
  /** As typed: the server says when it is not a whole number of minutes in range. */
  delay: string;
  email: boolean;
}

const draftOf = (s: AlertSettings): Draft => ({ kinds: { ...s.kinds }, delay: String(s.delay), email: s.email });

/** The typed delay as a number when it is one; anything else goes as typed, for the server's 422. */
function bodyOf(draft: Draft): AlertSettings {
  const delay = /^\s*\d+\s*$/.test(draft.delay) ? Number(draft.delay) : (draft.delay as unknown as number);
  return { kinds: draft.kinds, delay, email: draft.email };
}

function AlertsForm({ saved }: { saved: AlertSettings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const { saved: savedFlag, flash } = useSavedFlag();
  const submit = useFormSubmit(async (signal) => {
    try {
      const answer = await alertsApi.saveSettings(bodyOf(draft), signal);
      await noteAlertSettings(answer);
      setDraft(draftOf(answer));
    } catch (error) {
      if (!signal.aborted) showToast(error instanceof BrowserApiError ? hu.form.invalid : hu.form.failed);
      throw error;
    }
  }, hu.form.invalid);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await submit.submit()) {
      showToast(hu.settings.toastSaved);
      flash();
    }
  };
  const dirty = JSON.stringify(draftOf(saved)) !== JSON.stringify(draft);

  return (
    <Section title={hu.alerts.settingsTitle} hint={hu.alerts.settingsHint} saved={savedFlag} id="alerts">
      <FormErrors value={submit.errors}>
        <form
          className={styles.form}
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          aria-label={hu.alerts.settingsTitle}
        >
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{hu.alerts.kindsLegend}</legend>
            {SETTING_KINDS.map((kind) => (
              <CheckboxField
                key={kind}
                name={`kinds.${kind}`}
                label={hu.alerts.kinds[kind]}
                checked={draft.kinds[kind]}
                onChange={(event) => {
                  submit.clearError(`kinds.${kind}`);
                  const on = event.target.checked;
                  setDraft((d) => ({ ...d, kinds: { ...d.kinds, [kind]: on } }));
                }}
              />
            ))}
          </fieldset>
          <TextField
            name="delay"
            type="number"
            inputMode="numeric"
            min={DELAY_MIN}
            max={DELAY_MAX}
            step={1}
            label={hu.alerts.delay}
            hint={hu.alerts.delayHint}
            className={styles.delay}
            value={draft.delay}
            onChange={(event) => {
              submit.clearError('delay');
              const delay = event.target.value;
              setDraft((d) => ({ ...d, delay }));
            }}
          />
          <CheckboxField
            name="email"
            label={hu.alerts.email}
            checked={draft.email}
            onChange={(event) => {
              submit.clearError('email');
              const email = event.target.checked;
              setDraft((d) => ({ ...d, email }));
            }}
          />
          <p className={styles.hint}>{hu.alerts.emailHint}</p>
          <FormAlert>{firstError(submit.errors, '_general')}</FormAlert>
          <FormActions
            busy={submit.busy}
            submitLabel={hu.form.save}
            busyLabel={hu.form.saving}
            submitDisabled={!dirty}
          />
        </form>
      </FormErrors>
      <PushToggle />
      <TestButton />
    </Section>
  );
}

/** 'Értesítések erre az eszközre': this browser's own push subscription, on or off at once. */
function PushToggle() {
  // What the browser can do is known only in the browser: unknown (null) on the server's render.
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void Promise.resolve(pushSupport()).then(async (found) => {
      const subscription = found === 'supported' ? await currentPushSubscription() : null;
      if (!live) return;
      setSupport(found);
      setOn(subscription !== null);
    });
    return () => {
      live = false;
    };
  }, []);

  const change = async (next: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      if (next) await enablePush();
      else await disablePush();
      setOn(next);
    } catch {
      setFailed(true);
      setSupport(pushSupport());
      setOn((await currentPushSubscription()) !== null);
    } finally {
      setBusy(false);
    }
  };

  const why = support === 'unsupported' ? hu.alerts.pushNoSupport : support === 'denied' ? hu.alerts.pushDenied : null;
  return (
    <div className={styles.device}>
      <CheckboxField
        name="push"
        label={hu.alerts.push}
        checked={on}
        disabled={support !== 'supported' || busy}
        aria-busy={busy || undefined}
        error={failed && !why ? hu.alerts.pushFailed : ''}
        onChange={(event) => void change(event.target.checked)}
      />
      {why ? <p className={styles.hint}>{why}</p> : on ? <p className={styles.hint}>{hu.alerts.pushOn}</p> : null}
    </div>
  );
}

/** 'Próba értesítés küldése': one of each enabled way, and a toast of what went. */
function TestButton() {
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const { sent } = await alertsApi.test();
      showToast(hu.alerts.testSent(sent.mail, sent.push));
    } catch {
      showToast(hu.alerts.testFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.testRow}>
      <button type="button" className={rowStyles.secondary} disabled={busy} onClick={() => void send()}>
        {busy ? hu.alerts.testSending : hu.alerts.test}
      </button>
    </div>
  );
}

/**
 * 'Értesítések' (the shop's alert settings): which kinds, after how many minutes, e-mail, this
 * device's push, and a test. A Laravel API has no such call (404): the section is not shown.
 */
export function AlertsSetting() {
  const { settings, supported, failed, retry } = useAlertSettings();
  if (supported === false) return null;
  if (failed) {
    return (
      <Section title={hu.alerts.settingsTitle} hint={hu.alerts.settingsHint} id="alerts">
        <p>{hu.alerts.loadFailed}</p>
        <button type="button" className={rowStyles.secondary} onClick={retry}>
          {hu.errors.retry}
        </button>
      </Section>
    );
  }
  if (!settings) return null;
  return <AlertsForm saved={settings} />;
}
