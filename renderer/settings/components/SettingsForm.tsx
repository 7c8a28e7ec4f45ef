import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, Settings } from '../../../common/contract.ts';
import { LANGUAGES, type Language } from '../../../common/enums.ts';
import { isTrainingShopName } from '../../../common/training-shops.ts';
import { ConfirmPanel } from '../../shared/components/ConfirmPanel.tsx';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { PinField } from '../../shared/components/PinField.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { LANGUAGE_NAMES } from '../../shared/labels.ts';
import { useAppState, useLoaded } from '../../shared/state/appState.ts';
import { useDesk } from '../../shared/state/desk.ts';
import { checkDraft, draftOf, type Problems, type SettingsDraft } from '../state/settingsDraft.ts';
import { findUnresolved, type Unresolved } from '../state/unresolved.ts';
import { Field } from './Field.tsx';
import { ShopRows } from './ShopRows.tsx';
import { UnresolvedList } from './UnresolvedList.tsx';

/** A field Live cannot do without, as it stands: no gateway URL, or the default terminal ID. */
export type LiveNeed = 'gatewayUrl' | 'terminalId' | 'shops';

/** `needed`: Live was asked for without this; its field says so and takes focus. */
export function SettingsForm({ needed }: { needed: LiveNeed | null }) {
  const { t } = useTranslation();
  const settings = useLoaded((app) => app.settings);
  const saveSettings = useAppState((s) => s.saveSettings);
  const nextKey = useRef(settings.shops.length);
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState(false);
  /** A new gateway URL asks for the current supervisor PIN again (main checks it). */
  const [supervisorPin, setSupervisorPin] = useState('');
  const pinSet = useDesk((s) => s.desk?.supervisor.pinSet ?? false);
  const urlChanged = draft.gatewayUrl.trim() !== (settings.gatewayUrl ?? '');
  /** A new gateway URL waiting for the supervisor's yes, with what is still out at the old one. */
  const [confirming, setConfirming] = useState<{ settings: Settings; unresolved: Unresolved[] } | null>(null);
  const { busy, run } = useInFlight();
  const ids = useId();
  const urlField = useRef<HTMLInputElement>(null);
  const terminalField = useRef<HTMLInputElement>(null);
  const urlNeeded = needed === 'gatewayUrl' && settings.gatewayUrl === null;
  const terminalNeeded = needed === 'terminalId' && settings.terminalId === 'T01';
  const shopsNeeded = needed === 'shops' && settings.shops.some((shop) => isTrainingShopName(shop.name));
  useEffect(() => {
    if (urlNeeded) urlField.current?.focus();
    if (terminalNeeded) terminalField.current?.focus();
  }, [urlNeeded, terminalNeeded]);
  const urlProblem = problems.gatewayUrl ?? (urlNeeded ? t('settings.gatewayUrlMissing') : undefined);
  const terminalProblem =
    problems.terminalId ?? (terminalNeeded ? t('settings.terminalIdDefault') : undefined);
  const set = (patch: Partial<SettingsDraft>) => {
    setSaved(false);
    setDraft((previous) => ({ ...previous, ...patch }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft, settings.mode, t);
    setProblems(checked.ok ? {} : checked.problems);
    if (!checked.ok) return;
    if (checked.settings.gatewayUrl !== settings.gatewayUrl) {
      const found = await run(findUnresolved);
      if (!found) return;
      setError(found.ok ? null : found.error);
      if (!found.ok) return;
      if (found.value.length > 0)
        return setConfirming({ settings: checked.settings, unresolved: found.value });
    }
    await save(checked.settings);
  };

  const save = async (next: Settings) => {
    // The printing settings are saved on their own panel: this form keeps them as they are.
    const pin = next.gatewayUrl !== settings.gatewayUrl && supervisorPin ? { supervisorPin } : {};
    const result = await run(() => saveSettings({ ...next, printing: settings.printing, ...pin }));
    if (!result) return;
    setSupervisorPin('');
    setConfirming(null);
    setError(result.ok ? null : result.error);
    setSaved(result.ok);
  };

  const problemCount = Object.keys(problems).length;
  return (
    <form className="panel stack" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('settings.general')}</h2>
      <Field
        id={`${ids}-url`}
        label={t('settings.gatewayUrl')}
        hint={t('settings.gatewayUrlHint')}
        problem={urlProblem}
      >
        <input
          ref={urlField}
          id={`${ids}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={draft.gatewayUrl}
          aria-invalid={urlProblem !== undefined}
          aria-describedby={`${ids}-url-hint`}
          onChange={(event) => set({ gatewayUrl: event.target.value })}
        />
      </Field>
      {pinSet && urlChanged && (
        <PinField
          label={t('settings.supervisorPinAgain')}
          value={supervisorPin}
          onChange={setSupervisorPin}
          owner="supervisor"
        />
      )}
      <ShopRows
        shops={draft.shops}
        problems={shopsNeeded ? { shops: t('settings.shopNamesNeeded'), ...problems } : problems}
        focusTrainingName={shopsNeeded}
        onChange={(shops) => set({ shops })}
        onAdd={() => set({ shops: [...draft.shops, { key: nextKey.current++, id: '', name: '' }] })}
      />
      <Field
        id={`${ids}-terminal`}
        label={t('settings.terminalId')}
        hint={t('settings.terminalIdHint')}
        problem={terminalProblem}
      >
        <input
          ref={terminalField}
          id={`${ids}-terminal`}
          autoComplete="off"
          spellCheck={false}
          value={draft.terminalId}
          aria-invalid={terminalProblem !== undefined}
          aria-describedby={`${ids}-terminal-hint`}
          onChange={(event) => set({ terminalId: event.target.value.toUpperCase() })}
        />
      </Field>
      <Field
        id={`${ids}-update`}
        label={t('settings.updateUrl')}
        hint={t('settings.updateUrlHint')}
        problem={problems.updateUrl}
      >
        <input
          id={`${ids}-update`}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={draft.updateUrl}
          aria-invalid={problems.updateUrl !== undefined}
          aria-describedby={`${ids}-update-hint`}
          onChange={(event) => set({ updateUrl: event.target.value })}
        />
      </Field>
      <div className="field">
        <label htmlFor={`${ids}-language`}>{t('settings.language')}</label>
        <select
          id={`${ids}-language`}
          value={draft.language}
          onChange={(event) => set({ language: event.target.value as Language })}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.kiosk}
          onChange={(event) => set({ kiosk: event.target.checked })}
        />
        {t('settings.kiosk')}
      </label>
      <div role="status">
        {problemCount > 0 && <p className="field-error">{t('settings.invalid')}</p>}
        <ErrorAlert error={error} inLiveRegion />
        {saved && <p className="alert alert-info">{t('settings.saved')}</p>}
      </div>
      {confirming ? (
        <ConfirmPanel
          title={t('settings.urlConfirmTitle')}
          body={t('settings.urlConfirmBody')}
          confirmLabel={t('settings.urlConfirm')}
          cancelLabel={t('common.cancel')}
          busy={busy}
          onConfirm={() => save(confirming.settings)}
          onCancel={() => setConfirming(null)}
        >
          <UnresolvedList operations={confirming.unresolved} />
        </ConfirmPanel>
      ) : (
        <div className="actions">
          <button type="submit" className="button-primary" disabled={busy}>
            {t('settings.save')}
          </button>
        </div>
      )}
    </form>
  );
}
