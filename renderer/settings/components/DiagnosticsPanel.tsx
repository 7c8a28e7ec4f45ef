import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../common/contract.ts';
import { PinField } from '../../shared/components/PinField.tsx';
import { PinRefusal, usePinWait } from '../../shared/components/PinRefusal.tsx';
import { today } from '../../shared/dates.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useSuggestedPath } from '../../shared/hooks/useSuggestedPath.ts';
import { useDesk } from '../../shared/state/desk.ts';
import { settingsApi } from '../api.ts';
import { PathField } from './PathField.tsx';

/**
 * A zip for support (logs, versions, database figures, no secrets). It describes the whole
 * terminal, so the export asks for the supervisor's PIN itself, even in unlocked Settings.
 */
export function DiagnosticsPanel() {
  const { t } = useTranslation();
  const pinSet = useDesk((s) => s.desk?.supervisor.pinSet ?? false);
  const [path, setPath] = useSuggestedPath(`diagnostics-${today()}.zip`);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const [done, setDone] = useState<{ path: string; bytes: number } | null>(null);
  const wait = usePinWait(error);
  const { busy, run } = useInFlight();
  const ids = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if ((pinSet && pin.length < 4) || wait > 0) return;
    // A desk with no supervisor PIN yet checks none (main/diagnostics/supervisor.ts), but the
    // request always carries one.
    const supervisorPin = pinSet ? pin : '0000';
    const result = await run(() => settingsApi.exportDiagnostics({ path: path.trim(), supervisorPin }));
    if (!result) return;
    setPin('');
    setError(result.ok ? null : result.error);
    setDone(result.ok ? result.value : null);
  };
  return (
    <form className="panel stack" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('diagnostics.title')}</h2>
      <p className="hint">{t('diagnostics.body')}</p>
      <PathField label={t('diagnostics.path')} value={path} onChange={setPath} />
      {pinSet && (
        <PinField
          label={t('supervisor.pin')}
          value={pin}
          onChange={setPin}
          owner="supervisor"
          refusal={error}
          secondsLeft={wait}
        />
      )}
      <PinRefusal error={error} owner="supervisor" secondsLeft={wait} />
      {done && (
        <p className="alert alert-info" role="status">
          {t('diagnostics.done', { path: done.path, size: Math.ceil(done.bytes / 1024) })}
        </p>
      )}
      <div className="actions">
        <button
          type="submit"
          className="button-primary"
          disabled={busy || wait > 0 || (pinSet && pin.length < 4)}
        >
          {t('diagnostics.submit')}
        </button>
      </div>
    </form>
  );
}
