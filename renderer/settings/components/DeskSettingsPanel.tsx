import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AppError,
  CURRENCIES,
  DeskSettings,
  defaultVarianceThreshold,
} from '../../../common/contract.ts';
import { normaliseAmount } from '../../../common/money.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useAppState, useLoaded } from '../../shared/state/appState.ts';
import { useDesk } from '../../shared/state/desk.ts';
import { settingsApi } from '../api.ts';
import { Field } from './Field.tsx';

/** The desk's own settings: when it locks, how far a count may be off, and where backups go. */
export function DeskSettingsPanel() {
  const { t } = useTranslation();
  const saved = useDesk((s) => s.desk!.settings);
  const settings = useLoaded((app) => app.settings);
  const saveSettings = useAppState((s) => s.saveSettings);
  const refreshDesk = useDesk((s) => s.load);
  const [minutes, setMinutes] = useState(String(saved.lockAfterMinutes));
  const [thresholds, setThresholds] = useState<Record<string, string>>(() =>
    Object.fromEntries(saved.varianceThresholds.map((line) => [line.currency, line.amount])),
  );
  const [folder, setFolder] = useState(saved.backupFolder ?? '');
  const [kept, setKept] = useState(String(saved.backupsKept));
  const [problem, setProblem] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [done, setDone] = useState(false);
  const { busy, run } = useInFlight();
  const ids = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const parsed = DeskSettings.safeParse({
      lockAfterMinutes: Number(minutes),
      varianceThresholds: Object.entries(thresholds)
        .filter(([, amount]) => amount.trim() !== '')
        .map(([currency, amount]) => ({ currency, amount: normaliseAmount(amount) ?? amount })),
      backupFolder: folder.trim() || null,
      backupsKept: Number(kept),
    });
    setProblem(!parsed.success);
    if (!parsed.success) return;
    // The desk's part of the one settings document; the rest goes as it is saved now.
    const result = await run(() => saveSettings({ ...settings, desk: parsed.data }));
    if (!result) return;
    setError(result.ok ? null : result.error);
    if (result.ok) await refreshDesk();
    setDone(result.ok);
  };
  return (
    <form className="panel stack" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('deskSettings.title')}</h2>
      <div className="field-row">
        <Field
          id={`${ids}-minutes`}
          label={t('deskSettings.lockAfter')}
          hint={t('deskSettings.lockAfterHint')}
        >
          <input
            id={`${ids}-minutes`}
            inputMode="numeric"
            value={minutes}
            aria-describedby={`${ids}-minutes-hint`}
            onChange={(e) => setMinutes(e.target.value.replace(/\D/g, ''))}
          />
        </Field>
      </div>
      <fieldset className="thresholds">
        <legend>{t('deskSettings.thresholds')}</legend>
        <p className="hint">{t('deskSettings.thresholdsHint')}</p>
        <div className="threshold-grid">
          {Object.keys(CURRENCIES).map((currency) => (
            <div className="field" key={currency}>
              <label htmlFor={`${ids}-t-${currency}`}>{currency}</label>
              <input
                id={`${ids}-t-${currency}`}
                inputMode="decimal"
                placeholder={defaultVarianceThreshold(currency)}
                value={thresholds[currency] ?? ''}
                onChange={(e) => setThresholds({ ...thresholds, [currency]: e.target.value })}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <div className="field-row">
        <Field
          id={`${ids}-folder`}
          className="field field-grow"
          label={t('deskSettings.backupFolder')}
          hint={t('deskSettings.backupFolderHint')}
        >
          <input
            id={`${ids}-folder`}
            autoComplete="off"
            spellCheck={false}
            value={folder}
            aria-describedby={`${ids}-folder-hint`}
            onChange={(e) => setFolder(e.target.value)}
          />
        </Field>
        <div className="field">
          <label htmlFor={`${ids}-kept`}>{t('deskSettings.backupsKept')}</label>
          <input
            id={`${ids}-kept`}
            inputMode="numeric"
            value={kept}
            onChange={(e) => setKept(e.target.value.replace(/\D/g, ''))}
          />
        </div>
      </div>
      <div role="status">
        {problem && <p className="field-error">{t('deskSettings.invalid')}</p>}
        <ErrorAlert error={error} inLiveRegion />
        {done && <p className="alert alert-info">{t('deskSettings.saved')}</p>}
      </div>
      <div className="actions">
        <button type="submit" className="button-primary" disabled={busy}>
          {t('deskSettings.save')}
        </button>
      </div>
      <BackupState />
    </form>
  );
}

function BackupState() {
  const { t } = useTranslation();
  const format = useFormat();
  const backup = useDesk((s) => s.desk!.backup);
  const folderSet = useDesk((s) => s.desk!.settings.backupFolder !== null);
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const now = () =>
    run(async () => {
      const result = await settingsApi.backupNow();
      setError(result.ok ? null : result.error);
    });
  return (
    <div className="backup-state stack" data-testid="backup-state">
      <p>
        {backup.lastError
          ? t('deskSettings.backupFailed', { error: backup.lastError })
          : backup.lastAt
            ? t('deskSettings.lastBackup', {
                time: format.dateTime(backup.lastAt),
                file: backup.lastFile ?? '',
              })
            : t('deskSettings.noBackup')}
      </p>
      <ErrorAlert error={error} />
      <button type="button" disabled={busy || !folderSet} onClick={now}>
        {t('deskSettings.backupNow')}
      </button>
    </div>
  );
}
