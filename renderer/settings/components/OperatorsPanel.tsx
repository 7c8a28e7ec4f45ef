import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, Operator } from '../../../common/contract.ts';
import { ConfirmPanel } from '../../shared/components/ConfirmPanel.tsx';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { PinField } from '../../shared/components/PinField.tsx';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useResult } from '../../shared/hooks/useResult.ts';
import { settingsApi } from '../api.ts';

/** Who may sign in: add one, give a new PIN for a forgotten one, lift a lock-out, remove one. */
export function OperatorsPanel() {
  const { t } = useTranslation();
  const list = useResult(settingsApi.operators);
  const ids = useId();
  return (
    <section className="panel stack" aria-labelledby={`${ids}-title`} data-testid="operators-panel">
      <h2 id={`${ids}-title`}>{t('operators.title')}</h2>
      <ErrorAlert error={list.error} />
      {list.value && list.value.operators.length === 0 && <p className="hint">{t('operators.empty')}</p>}
      <ul className="operator-list">
        {list.value?.operators.map((operator) => (
          <OperatorRow key={operator.id} operator={operator} changed={list.reload} />
        ))}
      </ul>
      <AddOperator added={list.reload} />
    </section>
  );
}

function OperatorRow({ operator, changed }: { operator: Operator; changed(): void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [action, setAction] = useState<'pin' | 'remove' | null>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const { busy, run } = useInFlight();
  const act = (request: () => Promise<{ ok: boolean; error?: AppError }>) =>
    run(async () => {
      const result = await request();
      setError(result.ok ? null : (result.error ?? null));
      if (!result.ok) return;
      setAction(null);
      setPin('');
      changed();
    });
  const state = operator.lockedOut
    ? t('operators.lockedOut')
    : operator.retryAt
      ? t('operators.waiting', { time: format.time(operator.retryAt) })
      : null;
  return (
    <li className="operator-row" data-testid="operator-row">
      <div className="operator-line">
        <span className="operator-name strong">{operator.name}</span>
        {state && <span className="badge badge-danger">{state}</span>}
        <div className="actions">
          {operator.lockedOut && (
            <button
              type="button"
              disabled={busy}
              onClick={() => act(() => settingsApi.liftLockOut({ operatorId: operator.id }))}
            >
              {t('operators.lift')}
            </button>
          )}
          <button type="button" onClick={() => setAction(action === 'pin' ? null : 'pin')}>
            {t('operators.newPin')}
          </button>
          <button type="button" className="button-quiet" onClick={() => setAction('remove')}>
            {t('operators.remove')}
          </button>
        </div>
      </div>
      {action === 'pin' && (
        <form
          className="actions operator-pin"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (pin.length >= 4) act(() => settingsApi.setOperatorPin({ operatorId: operator.id, pin }));
          }}
        >
          <PinField
            label={t('operators.newPinFor', { name: operator.name })}
            value={pin}
            onChange={setPin}
            autoFocus
          />
          <button type="submit" className="button-primary" disabled={busy || pin.length < 4}>
            {t('operators.savePin')}
          </button>
        </form>
      )}
      {action === 'remove' && (
        <ConfirmPanel
          title={t('operators.removeTitle', { name: operator.name })}
          body={t('operators.removeBody')}
          confirmLabel={t('operators.removeConfirm')}
          cancelLabel={t('common.cancel')}
          focus="cancel"
          busy={busy}
          onConfirm={() => act(() => settingsApi.removeOperator({ operatorId: operator.id }))}
          onCancel={() => setAction(null)}
        />
      )}
      <ErrorAlert error={error} />
    </li>
  );
}

function AddOperator({ added }: { added(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { busy, run } = useInFlight();
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '' || pin.length < 4) return;
    const result = await run(() => settingsApi.addOperator({ name: name.trim(), pin }));
    if (!result) return;
    setError(result.ok ? null : result.error);
    // The last one added is old news beside a refusal: only this try's answer shows.
    setDone(result.ok ? result.value.name : null);
    if (!result.ok) return;
    setName('');
    setPin('');
    added();
  };
  return (
    <form className="stack add-operator" onSubmit={submit} noValidate>
      <h3>{t('operators.add')}</h3>
      <div className="field-row">
        <div className="field field-grow">
          <label htmlFor={id}>{t('operators.name')}</label>
          <input
            id={id}
            autoComplete="off"
            maxLength={64}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <PinField label={t('operators.pin')} value={pin} onChange={setPin} />
      </div>
      <ErrorAlert error={error} />
      {done && (
        <p className="alert alert-info" role="status">
          {t('operators.added', { name: done })}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={busy || name.trim() === '' || pin.length < 4}>
          {t('operators.addButton')}
        </button>
      </div>
    </form>
  );
}
