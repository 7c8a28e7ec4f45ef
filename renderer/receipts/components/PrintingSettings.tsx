import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AppError,
  PAPERS,
  type PrinterInfo,
  type Printing,
  type PrintResult,
} from '../../../common/contract.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useAppState, useLoaded } from '../../shared/state/appState.ts';
import { receiptsApi } from '../api.ts';
import { printerSaid } from '../printOutcome.ts';

/** The printer, the paper, the copies and automatic printing; saved apart from the general settings. */
export function PrintingSettings() {
  const { t } = useTranslation();
  const settings = useLoaded((app) => app.settings);
  const saveSettings = useAppState((s) => s.saveSettings);
  const [draft, setDraft] = useState<Printing>(settings.printing);
  const [printers, setPrinters] = useState<PrinterInfo[]>([]);
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState(false);
  const [test, setTest] = useState<PrintResult | null>(null);
  const { busy, run } = useInFlight();
  const ids = useId();
  useEffect(() => {
    void receiptsApi.printers().then((result) => {
      if (result.ok) setPrinters(result.value.printers);
    });
  }, []);
  const set = (patch: Partial<Printing>) => {
    setSaved(false);
    setDraft((previous) => ({ ...previous, ...patch }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const result = await run(() => saveSettings({ ...settings, printing: draft }));
    if (!result) return;
    setError(result.ok ? null : result.error);
    setSaved(result.ok);
  };
  const testPrint = () =>
    run(async () => {
      const result = await receiptsApi.testPrint();
      setError(result.ok ? null : result.error);
      setTest(result.ok ? result.value : null);
    });
  // A printer chosen earlier stays selectable even while the system does not list it.
  const known = draft.printer === null || printers.some((p) => p.name === draft.printer);

  return (
    <form className="panel stack" onSubmit={save} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('print.title')}</h2>
      <div className="field">
        <label htmlFor={`${ids}-printer`}>{t('print.printer')}</label>
        <select
          id={`${ids}-printer`}
          value={draft.printer ?? ''}
          onChange={(event) => set({ printer: event.target.value || null })}
        >
          <option value="">{t('print.defaultPrinter')}</option>
          {printers.map((printer) => (
            <option key={printer.name} value={printer.name}>
              {printer.displayName}
            </option>
          ))}
          {!known && <option value={draft.printer ?? ''}>{draft.printer}</option>}
        </select>
      </div>
      <fieldset className="print-paper">
        <legend>{t('print.paper')}</legend>
        {PAPERS.map((paper) => (
          <label key={paper} className="checkbox">
            <input
              type="radio"
              name={`${ids}-paper`}
              value={paper}
              checked={draft.paper === paper}
              onChange={() => set({ paper })}
            />
            {t(`print.papers.${paper}`)}
          </label>
        ))}
      </fieldset>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.agentCopy}
          onChange={(event) => set({ agentCopy: event.target.checked })}
        />
        {t('print.agentCopy')}
      </label>
      {(['pending', 'final'] as const).map((when) => (
        <label key={when} className="checkbox">
          <input
            type="checkbox"
            checked={draft.autoPrint[when]}
            onChange={(event) => set({ autoPrint: { ...draft.autoPrint, [when]: event.target.checked } })}
          />
          {t(`print.auto.${when}`)}
        </label>
      ))}
      <div role="status">
        <ErrorAlert error={error} inLiveRegion />
        {saved && <p className="alert alert-info">{t('print.saved')}</p>}
        {test?.printed === true && <p className="alert alert-info">{t('print.testPrinted')}</p>}
        {test?.printed === false && (
          <p className="alert alert-warning">
            {test.reason === 'cancelled'
              ? t('print.testCancelled')
              : test.reason === 'unavailable'
                ? t('receipt.unavailable')
                : t('print.testFailed', { message: printerSaid(t, test) })}
          </p>
        )}
      </div>
      <div className="actions">
        <button type="submit" className="button-primary" disabled={busy}>
          {t('print.save')}
        </button>
        <button type="button" disabled={busy} onClick={testPrint} aria-describedby={`${ids}-test-hint`}>
          {t('print.test')}
        </button>
      </div>
      <p id={`${ids}-test-hint`} className="hint">
        {t('print.testHint')}
      </p>
    </form>
  );
}
