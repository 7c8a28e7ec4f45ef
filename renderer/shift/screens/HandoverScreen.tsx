import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, Handover, VarianceLine } from '../../../common/contract.ts';
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
import { VarianceTable } from '../components/VarianceTable.tsx';
import { type CountDraft, newCount, toDrawerCount } from '../state/countDraft.ts';

type Preview = { variance: VarianceLine[]; needsApproval: boolean };
type Missing = 'operatorId' | 'pin' | 'note' | 'supervisorPin' | null;

/**
 * The drawer to the next operator without closing the shift: the outgoing operator
 * counts it blind, the variance is shown, and the incoming operator confirms the count with their
 * own PIN; over the threshold a note and the supervisor's PIN too. Main checks every PIN.
 */
export function HandoverScreen() {
  const { t } = useTranslation();
  const openHome = useNavigation((s) => s.openHome);
  const current = useDesk((s) => s.desk?.operator ?? null);
  const pinSet = useDesk((s) => s.desk?.supervisor.pinSet ?? false);
  const drawer = useResult(shiftApi.current);
  const staff = useResult(shiftApi.operators);
  const [counts, setCounts] = useState<CountDraft[] | null>(null);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [incoming, setIncoming] = useState('');
  const [pin, setPin] = useState('');
  const [note, setNote] = useState('');
  const [supervisorPin, setSupervisorPin] = useState('');
  const [missing, setMissing] = useState<Missing>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [done, setDone] = useState<Handover | null>(null);
  const operatorRef = useRef<HTMLSelectElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLInputElement>(null);
  const supervisorRef = useRef<HTMLInputElement>(null);
  const wait = usePinWait(error);
  const { busy, run } = useInFlight();
  const ids = useId();
  const others = (staff.value?.operators ?? []).filter((o) => o.id !== current?.id);
  const approval = preview?.needsApproval ?? false;
  const fresh = () => (drawer.value?.cash ?? []).map((line) => newCount(line.currency));

  useEffect(() => {
    if (drawer.value && counts === null) setCounts(drawer.value.cash.map((line) => newCount(line.currency)));
  }, [drawer.value, counts]);
  // What is missing is said beside its field, and the cursor goes there.
  useEffect(() => {
    const field = { operatorId: operatorRef, pin: pinRef, note: noteRef, supervisorPin: supervisorRef };
    if (missing) field[missing].current?.focus();
  }, [missing]);

  const check = async () => {
    const { count, invalid: bad } = toDrawerCount(counts ?? []);
    setInvalid(bad);
    if (bad.length > 0) return;
    const result = await run(() => shiftApi.previewHandover({ counted: count }));
    if (!result) return;
    setError(result.ok ? null : result.error);
    setPreview(result.ok ? result.value : null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!preview) return check();
    if (incoming === '') return setMissing('operatorId');
    if (pin.length < 4) return setMissing('pin');
    if (approval && note.trim() === '') return setMissing('note');
    if (approval && pinSet && supervisorPin.length < 4) return setMissing('supervisorPin');
    setMissing(null);
    const { count } = toDrawerCount(counts ?? []);
    const result = await run(() =>
      shiftApi.handover({
        counted: count,
        operatorId: Number(incoming),
        pin,
        ...(approval ? { note: note.trim() } : {}),
        ...(approval && pinSet ? { supervisorPin } : {}),
      }),
    );
    if (!result) return;
    setPin('');
    setSupervisorPin('');
    if (!result.ok) {
      const { field, kind } = result.error;
      if (field === 'note') return setMissing('note');
      if (field === 'supervisorPin' && kind === 'locked') return setMissing('supervisorPin');
      return setError(result.error);
    }
    setError(null);
    setDone(result.value.handover);
  };

  if (done) {
    return (
      <ScreenFrame title={t('drawer.handover')} onBack={openHome}>
        <div className="panel stack" role="status" data-testid="handover-done">
          <p className="lead strong">{t('drawer.done', { from: done.operator, to: done.to })}</p>
          <VarianceTable lines={done.variance} />
          <div className="actions">
            {/* biome-ignore lint/a11y/noAutofocus: the drawer has passed; Enter goes home */}
            <button type="button" className="button-primary" autoFocus onClick={openHome}>
              {t('common.home')}
            </button>
          </div>
        </div>
      </ScreenFrame>
    );
  }

  const fieldError = (field: Missing, words: string) =>
    missing === field && (
      <p className="field-error" role="alert" data-testid="handover-missing">
        {words}
      </p>
    );

  return (
    <ScreenFrame title={t('drawer.handover')} onBack={openHome}>
      <ErrorAlert error={drawer.error ?? staff.error} />
      <p className="lead">{t('drawer.handoverLead', { name: current?.name ?? '' })}</p>
      {staff.value && others.length === 0 && <p className="alert alert-warning">{t('drawer.noOther')}</p>}
      {counts && (
        <form className="stack close-form" onSubmit={submit} noValidate data-testid="handover-form">
          {preview ? (
            <>
              <VarianceTable lines={preview.variance} />
              <div className="actions">
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => {
                    setCounts(fresh());
                    setPreview(null);
                  }}
                >
                  {t('drawer.countAgain')}
                </button>
              </div>
            </>
          ) : (
            <>
              <p className="hint">{t('close.countHint')}</p>
              <DrawerCount counts={counts} onChange={setCounts} invalid={invalid} />
            </>
          )}
          {invalid.length > 0 && <p className="field-error">{t('count.invalid')}</p>}
          {!preview && <ErrorAlert error={error} />}
          {preview && (
            <div className="panel stack">
              <div className="field">
                <label htmlFor={`${ids}-incoming`}>{t('drawer.incoming')}</label>
                <select
                  ref={operatorRef}
                  id={`${ids}-incoming`}
                  value={incoming}
                  aria-invalid={missing === 'operatorId'}
                  onChange={(e) => setIncoming(e.target.value)}
                >
                  <option value="">{t('drawer.choose')}</option>
                  {others.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </select>
                {fieldError('operatorId', t('drawer.incomingMissing'))}
              </div>
              <PinField ref={pinRef} label={t('drawer.incomingPin')} value={pin} onChange={setPin} />
              {fieldError('pin', t('drawer.incomingPinMissing'))}
              <PinRefusal error={error} owner="operator" secondsLeft={wait} />
            </div>
          )}
          {preview && approval && (
            <div className="panel stack approval" data-testid="handover-approval">
              <p className="alert alert-warning">{t('close.needsApproval')}</p>
              <div className="field">
                <label htmlFor={`${ids}-note`}>{t('close.note')}</label>
                <input
                  ref={noteRef}
                  id={`${ids}-note`}
                  autoComplete="off"
                  maxLength={200}
                  value={note}
                  aria-invalid={missing === 'note'}
                  onChange={(e) => setNote(e.target.value)}
                />
                {fieldError('note', t('drawer.noteMissing'))}
              </div>
              {pinSet && (
                <>
                  <PinField
                    ref={supervisorRef}
                    label={t('close.supervisorPin')}
                    value={supervisorPin}
                    onChange={setSupervisorPin}
                  />
                  {fieldError('supervisorPin', t('drawer.pinMissing'))}
                </>
              )}
            </div>
          )}
          <div className="actions">
            <button
              type="submit"
              className="button-primary button-large"
              disabled={busy || wait > 0 || others.length === 0}
            >
              {preview ? t('drawer.confirm') : t('close.check')}
            </button>
          </div>
        </form>
      )}
    </ScreenFrame>
  );
}
