import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, DrawerCountRecord, VarianceLine } from '../../../common/contract.ts';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { PinField } from '../../shared/components/PinField.tsx';
import { PinRefusal, usePinWait } from '../../shared/components/PinRefusal.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useResult } from '../../shared/hooks/useResult.ts';
import { useDesk } from '../../shared/state/desk.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { shiftApi } from '../api.ts';
import { DrawerCount } from '../components/DrawerCount.tsx';
import { CountList } from '../components/DrawerSections.tsx';
import { VarianceTable } from '../components/VarianceTable.tsx';
import { type CountDraft, newCount, toDrawerCount } from '../state/countDraft.ts';

type Preview = { variance: VarianceLine[]; needsApproval: boolean; counts: DrawerCountRecord[] };
/** What the close still lacks, shown beside its field. */
type Missing = 'note' | 'supervisorPin' | null;

/**
 * The close: the drawer counted blind (the expected cash is shown only against the count), the
 * variance per currency, and over the threshold a note and the supervisor's PIN. Each check is a
 * count main keeps: once checked, the count is no longer editable, and a recount is a deliberate
 * "Count again" beside it, never an edit of the first. Closing checks every operation at its
 * gateway and produces the Z report.
 */
export function CloseShift() {
  const { t } = useTranslation();
  const openHome = useNavigation((s) => s.openHome);
  const openZReport = useNavigation((s) => s.openZReport);
  const pinSet = useDesk((s) => s.desk?.supervisor.pinSet ?? false);
  // The X report holds the drawer's currencies and what is still open: one read for both.
  const x = useResult(shiftApi.report);
  const [counts, setCounts] = useState<CountDraft[] | null>(null);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [note, setNote] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const [missing, setMissing] = useState<Missing>(null);
  const noteRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const wait = usePinWait(error);
  const { busy, run } = useInFlight();
  const ids = useId();
  useEffect(() => {
    if (x.value && counts === null) setCounts(x.value.cash.map((line) => newCount(line.currency)));
  }, [x.value, counts]);
  const stillOpen = (x.value?.waiting.length ?? 0) + (x.value?.openCash.length ?? 0);
  const approval = preview?.needsApproval ?? false;
  const earlierOver = approval && !preview?.variance.some((line) => line.overThreshold);
  useEffect(() => {
    if (missing === 'note') noteRef.current?.focus();
    if (missing === 'supervisorPin') pinRef.current?.focus();
  }, [missing]);

  /** A fresh count beside the kept ones: the only way to change a count once checked. */
  const countAgain = () => {
    setCounts((x.value?.cash ?? []).map((line) => newCount(line.currency)));
    setPreview(null);
    setMissing(null);
    setError(null);
  };
  const check = async () => {
    const { count, invalid: bad } = toDrawerCount(counts ?? []);
    setInvalid(bad);
    if (bad.length > 0) return;
    const result = await run(() => shiftApi.previewClose({ counted: count }));
    if (!result) return;
    setError(result.ok ? null : result.error);
    setPreview(result.ok ? result.value : null);
  };
  const close = async (event: FormEvent) => {
    event.preventDefault();
    if (!preview) return check();
    if (approval && note.trim() === '') return setMissing('note');
    if (approval && pinSet && pin.length < 4) return setMissing('supervisorPin');
    setMissing(null);
    const { count } = toDrawerCount(counts ?? []);
    const result = await run(() =>
      shiftApi.close({
        counted: count,
        ...(approval ? { note: note.trim() } : {}),
        ...(approval && pinSet ? { supervisorPin: pin } : {}),
      }),
    );
    if (!result) return;
    setPin('');
    if (!result.ok) {
      // Main names what is missing: said beside that field, and the cursor goes there.
      const { field, kind } = result.error;
      if (field === 'note') return setMissing('note');
      if (field === 'supervisorPin' && kind === 'locked') return setMissing('supervisorPin');
      return setError(result.error);
    }
    openZReport(result.value.shift.id, { name: 'home' });
  };

  return (
    <ScreenFrame title={t('close.title')} onBack={openHome}>
      <ErrorAlert error={x.error} />
      {stillOpen > 0 && (
        <p className="alert alert-warning" data-testid="close-still-open">
          {t('close.stillOpen', { count: stillOpen })}
        </p>
      )}
      {counts && (
        <form className="stack close-form" onSubmit={close} noValidate>
          <p className="hint">{counts.length === 0 ? t('close.nothingToCount') : t('close.countHint')}</p>
          {preview ? (
            <>
              <VarianceTable lines={preview.variance} />
              {/* The first count is the table above; a recount lists them all. */}
              {preview.counts.length > 1 && <CountList counts={preview.counts} />}
              <div className="actions">
                <button type="button" onClick={countAgain} disabled={busy} data-testid="count-again">
                  {t('drawer.countAgain')}
                </button>
              </div>
              <p className="hint">{t('drawer.countAgainHint')}</p>
            </>
          ) : (
            <DrawerCount counts={counts} onChange={setCounts} invalid={invalid} />
          )}
          {invalid.length > 0 && <p className="field-error">{t('count.invalid')}</p>}
          {preview && approval && (
            <div className="panel stack approval" data-testid="close-approval">
              <p className="alert alert-warning">
                {earlierOver ? t('drawer.earlierOver') : t('close.needsApproval')}
              </p>
              <div className="field">
                <label htmlFor={`${ids}-note`}>{t('close.note')}</label>
                <input
                  ref={noteRef}
                  id={`${ids}-note`}
                  autoComplete="off"
                  maxLength={200}
                  value={note}
                  aria-invalid={missing === 'note'}
                  aria-describedby={`${ids}-note-hint`}
                  onChange={(e) => {
                    setNote(e.target.value);
                    if (missing === 'note') setMissing(null);
                  }}
                />
                <p
                  id={`${ids}-note-hint`}
                  className={missing === 'note' ? 'field-error' : 'hint'}
                  data-testid={missing === 'note' ? 'close-missing' : undefined}
                >
                  {missing === 'note' ? t('drawer.noteMissing') : t('close.noteHint')}
                </p>
              </div>
              {pinSet && (
                <>
                  <PinField ref={pinRef} label={t('close.supervisorPin')} value={pin} onChange={setPin} />
                  {missing === 'supervisorPin' && (
                    <p className="field-error" role="alert" data-testid="close-missing">
                      {t('drawer.pinMissing')}
                    </p>
                  )}
                </>
              )}
            </div>
          )}
          <PinRefusal error={error} owner="supervisor" secondsLeft={wait} />
          {busy && preview && (
            <p className="alert alert-info" role="status">
              {t('close.closing')}
            </p>
          )}
          <div className="actions">
            {preview ? (
              <button type="submit" className="button-primary button-large" disabled={busy || wait > 0}>
                {t('close.confirm')}
              </button>
            ) : (
              <button type="submit" className="button-primary button-large" disabled={busy}>
                {t('close.check')}
              </button>
            )}
          </div>
        </form>
      )}
    </ScreenFrame>
  );
}
