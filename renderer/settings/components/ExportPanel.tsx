import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../common/contract.ts';
import { DateField } from '../../shared/components/DateField.tsx';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { type Day, startOfDay, today } from '../../shared/dates.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useResult } from '../../shared/hooks/useResult.ts';
import { operatorName } from '../../shared/operatorName.ts';
import { settingsApi } from '../api.ts';

/** The history as CSV, for one shift or a range of days; main's save dialog asks where. */
export function ExportPanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const shifts = useResult(settingsApi.shifts);
  const [by, setBy] = useState<'shift' | 'dates'>('shift');
  const [shiftId, setShiftId] = useState<number | null>(null);
  const [from, setFrom] = useState<Day>(today());
  const [to, setTo] = useState<Day>(today());
  const [error, setError] = useState<AppError | null>(null);
  const [done, setDone] = useState<{ path: string; rows: number } | null>(null);
  const { busy, run } = useInFlight();
  const ids = useId();
  const list = shifts.value?.shifts ?? [];
  const chosen = shiftId ?? list[0]?.id ?? null;
  // What Export would export; none yet (the list of shifts still coming, a date missing) and Export
  // waits, rather than be pressed for nothing and say nothing.
  const range = by === 'shift' ? (chosen !== null ? { shiftId: chosen } : null) : dates(from, to);
  const noShift = by === 'shift' && shifts.value !== null && list.length === 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!range) return;
    const result = await run(() => settingsApi.exportCsv(range));
    if (!result) return;
    setError(result.ok ? null : result.error);
    // A cancelled dialog wrote nothing and says nothing.
    const { path, rows } = result.ok ? result.value : { path: null, rows: 0 };
    setDone(path ? { path, rows } : null);
  };
  return (
    <form className="panel stack" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('exportCsv.title')}</h2>
      <div className="segmented" role="radiogroup" aria-label={t('exportCsv.which')}>
        {(['shift', 'dates'] as const).map((b) => (
          <label key={b} className={by === b ? 'segment segment-on' : 'segment'}>
            <input type="radio" name={`${ids}-by`} checked={by === b} onChange={() => setBy(b)} />
            {t(`exportCsv.by.${b}`)}
          </label>
        ))}
      </div>
      {by === 'shift' ? (
        <div className="field">
          <label htmlFor={`${ids}-shift`}>{t('exportCsv.shift')}</label>
          <select
            id={`${ids}-shift`}
            value={chosen ?? ''}
            onChange={(e) => setShiftId(Number(e.target.value))}
          >
            {list.map((shift) => (
              <option key={shift.id} value={shift.id}>
                {t('exportCsv.shiftOption', {
                  number: shift.id,
                  name: operatorName(t, shift),
                  time: format.time(shift.openedAt),
                })}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div className="field-row">
          <DateField label={t('history.from')} value={from} onChange={setFrom} />
          <DateField label={t('history.to')} value={to} onChange={setTo} />
        </div>
      )}
      <div role="status">
        <ErrorAlert error={error ?? (by === 'shift' ? shifts.error : null)} inLiveRegion />
        {noShift && <p className="alert alert-info">{t('exportCsv.noShift')}</p>}
        {done && (
          <p className="alert alert-info">{t('exportCsv.done', { count: done.rows, path: done.path })}</p>
        )}
      </div>
      <div className="actions">
        <button type="submit" className="button-primary" disabled={busy || !range}>
          {t('exportCsv.submit')}
        </button>
      </div>
    </form>
  );
}

/** Whole local days, the last one included; nothing while a date is missing. */
function dates(from: Day, to: Day): { from: string; to: string } | null {
  if (!from || !to) return null;
  return { from: startOfDay(from, 0), to: new Date(Date.parse(startOfDay(to, 1)) - 1).toISOString() };
}
