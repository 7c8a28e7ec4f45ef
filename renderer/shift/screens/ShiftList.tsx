import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, ShiftSummary } from '../../../common/contract.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { ScrollRegion } from '../../shared/components/ScrollRegion.tsx';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useResult } from '../../shared/hooks/useResult.ts';
import { operatorName } from '../../shared/operatorName.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { shiftApi } from '../api.ts';
import { modeName, zReportName } from '../state/shiftNames.ts';

const PAGE = 20;

/**
 * Every shift of this desk, newest first: the open one leads to the X report, a closed one to its Z
 * report. Z numbers restart per terminal and per mode, so each row names both, and its times carry
 * the date and the zone: a list spans days.
 */
export function ShiftList() {
  const { t } = useTranslation();
  const format = useFormat();
  const openHome = useNavigation((s) => s.openHome);
  const openShift = useNavigation((s) => s.openShift);
  const openZReport = useNavigation((s) => s.openZReport);
  const first = useResult(() => shiftApi.list({ limit: PAGE }));
  const [more, setMore] = useState<{ shifts: ShiftSummary[]; next: number | null } | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const shifts = [...(first.value?.shifts ?? []), ...(more?.shifts ?? [])];
  const next = more ? more.next : (first.value?.next ?? null);
  const loadMore = () =>
    run(async () => {
      if (next === null) return;
      const result = await shiftApi.list({ before: next, limit: PAGE });
      setError(result.ok ? null : result.error);
      if (result.ok)
        setMore({ shifts: [...(more?.shifts ?? []), ...result.value.shifts], next: result.value.next });
    });
  const open = (shift: ShiftSummary) =>
    shift.closedAt ? openZReport(shift.id, { name: 'shifts' }) : openShift('xReport');
  return (
    <ScreenFrame title={t('shifts.title')} onBack={openHome}>
      <ErrorAlert error={first.error ?? error} />
      {first.value && shifts.length === 0 && <p className="hint">{t('shifts.empty')}</p>}
      {shifts.length > 0 && (
        <ScrollRegion label={t('shifts.title')}>
          <table className="report-table shift-table" data-testid="shift-table">
            <thead>
              <tr>
                <th scope="col">{t('shifts.shift')}</th>
                <th scope="col">{t('shifts.terminal')}</th>
                <th scope="col">{t('shifts.mode')}</th>
                <th scope="col">{t('shifts.operator')}</th>
                <th scope="col">{t('shifts.opened')}</th>
                <th scope="col">{t('shifts.closed')}</th>
                <th scope="col">{t('shifts.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('shifts.report')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shifts.map((shift) => (
                <tr key={shift.id} data-testid="shift-row">
                  <th scope="row">{shift.id}</th>
                  <td>{shift.terminalId}</td>
                  <td>
                    {shift.training ? (
                      <span className="badge badge-training">{modeName(t, true)}</span>
                    ) : (
                      modeName(t, false)
                    )}
                  </td>
                  <td>{operatorName(t, shift)}</td>
                  {/* A date with its clock and zone is long: it wraps, so the report's button stays in view. */}
                  <td className="text">{format.stamp(shift.openedAt)}</td>
                  <td className="text">{shift.closedAt ? format.stamp(shift.closedAt) : '—'}</td>
                  <td>
                    <ShiftState shift={shift} />
                  </td>
                  <td>
                    <button type="button" onClick={() => open(shift)}>
                      {shift.closedAt ? zReportName(t, shift) : t('shifts.openX')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {next !== null && (
        <button type="button" disabled={busy} onClick={loadMore}>
          {t('shifts.more')}
        </button>
      )}
    </ScreenFrame>
  );
}

function ShiftState({ shift }: { shift: ShiftSummary }) {
  const { t } = useTranslation();
  if (!shift.closedAt) return <span className="badge badge-open">{t('shifts.open')}</span>;
  return shift.reconciled ? (
    <span className="badge badge-ok">{t('shifts.reconciled')}</span>
  ) : (
    <span className="badge badge-warn">{t('shifts.notReconciled')}</span>
  );
}
