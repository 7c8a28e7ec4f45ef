import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/contract.ts';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useCheckout, useSession } from '../state/checkout.ts';
import { missingRequisites } from '../state/payerDetails.ts';

/** Generated from the session's `payerRequisites`: one field per descriptor, labelled by its title. */
export function PayerRequisitesForm({ busy, onCancel }: { busy: boolean; onCancel(): void }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const requisites = useCheckout((s) => s.requisites);
  const setRequisite = useCheckout((s) => s.setRequisite);
  const submitRequisites = useCheckout((s) => s.submitRequisites);
  const [tried, setTried] = useState(false);
  const firstField = useFocusOnMount<HTMLInputElement>();
  const continueButton = useFocusOnMount<HTMLButtonElement>();
  const ids = useId();
  const descriptors = session.payerRequisites;
  const missing = missingRequisites(session, requisites);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    submitRequisites();
  };
  return (
    <form className="panel stack" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('flow.session.payerRequisites')}</h2>
      {descriptors.length === 0 && <p>{t('flow.session.noPayerRequisites')}</p>}
      {descriptors.map((descriptor, index) => {
        const id = `${ids}-${index}`;
        const problem = tried && missing.includes(descriptor.name);
        return (
          <div key={descriptor.name} className="field">
            <label htmlFor={id}>{descriptor.title}</label>
            {/* The gateway documents only `string`; any other type still gets a plain text field. */}
            <input
              ref={index === 0 ? firstField : undefined}
              id={id}
              name={descriptor.name}
              type="text"
              className="input-large"
              autoComplete="off"
              maxLength={LIMITS.requisiteValue}
              value={requisites[descriptor.name] ?? ''}
              aria-invalid={problem}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => setRequisite(descriptor.name, event.target.value)}
            />
            {problem && (
              <p id={`${id}-problem`} className="field-error">
                {t('flow.session.required', { field: descriptor.title })}
              </p>
            )}
          </div>
        );
      })}
      <div className="actions">
        <button
          ref={descriptors.length === 0 ? continueButton : undefined}
          type="submit"
          className="button-primary button-large"
          disabled={busy}
        >
          {t('common.continue')}
        </button>
        <button type="button" className="button-quiet" disabled={busy} onClick={onCancel}>
          {t('flow.session.cancel')}
        </button>
      </div>
    </form>
  );
}
