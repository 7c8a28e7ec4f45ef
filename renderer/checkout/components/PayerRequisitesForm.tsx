import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, LIMITS } from '../../../common/contract.ts';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { LANGUAGE_NAMES, requisiteLabel } from '../../shared/labels.ts';
import { screenLanguage, useCheckout, useSession } from '../state/checkout.ts';
import { missingRequisites } from '../state/payerDetails.ts';
import {
  exampleOf,
  formatOf,
  looksRight,
  normalise,
  type RequisiteFormat,
} from '../state/requisiteFormat.ts';

/**
 * Generated from the session's `payerRequisites`: one field per descriptor, with its format's hint,
 * what will be sent where that differs from what was typed, and the gateway's refusal at its field.
 * Enter confirms; with a field still blank it goes to that field instead, so it also walks the form.
 */
export function PayerRequisitesForm({ onCancel, countdown }: { onCancel(): void; countdown: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const requisites = useCheckout((s) => s.requisites);
  const refused = useCheckout((s) => s.refused);
  const country = useCheckout((s) => s.method?.country);
  const setRequisite = useCheckout((s) => s.setRequisite);
  const confirmOperation = useCheckout((s) => s.confirmOperation);
  const receiptLanguage = useCheckout((s) => s.receiptLanguage) ?? screenLanguage();
  const setReceiptLanguage = useCheckout((s) => s.setReceiptLanguage);
  const { busy, run } = useInFlight();
  const [tried, setTried] = useState(false);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const descriptors = session.payerRequisites;
  const firstBlank = descriptors.find((d) => !requisites[d.name]?.trim()) ?? descriptors[0];
  const firstField = useFocusOnMount<HTMLInputElement>();
  const confirmButton = useFocusOnMount<HTMLButtonElement>();
  const ids = useId();
  const missing = missingRequisites(session, requisites);
  const hint = (format: RequisiteFormat) => {
    const example = exampleOf(format, country);
    if (format === 'card') return t('format.hint.card');
    return example ? t(`format.hint.${format}`, { example }) : t(`format.hint.${format}Any`);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const [blank] = missing;
    if (blank) return inputs.current.get(blank)?.focus();
    await run(confirmOperation);
    const { refused: now } = useCheckout.getState();
    if (now) inputs.current.get(now)?.focus();
  };
  return (
    <form className="panel stack" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <div className="form-head">
        <h2 id={`${ids}-title`}>{t('flow.session.payerRequisites')}</h2>
        {countdown}
      </div>
      {descriptors.length === 0 && <p>{t('flow.session.noPayerRequisites')}</p>}
      {descriptors.map((descriptor, index) => {
        const id = `${ids}-${index}`;
        const label = requisiteLabel(t, i18n.language, descriptor);
        const format = formatOf(descriptor);
        const typed = requisites[descriptor.name] ?? '';
        const sent = normalise(format, typed, country);
        const problem =
          refused === descriptor.name
            ? t('flow.session.refused')
            : tried && missing.includes(descriptor.name)
              ? t('flow.session.required', { field: label })
              : null;
        const caution =
          format && sent !== '' && !looksRight(format, sent) ? t(`format.check.${format}`) : null;
        return (
          <div key={descriptor.name} className="field">
            <label htmlFor={id}>{label}</label>
            {/* The gateway documents only `string`; any other type still gets a plain text field. */}
            <input
              ref={(element) => {
                if (element) inputs.current.set(descriptor.name, element);
                if (descriptor === firstBlank) firstField.current = element;
              }}
              id={id}
              name={descriptor.name}
              type="text"
              className="input-large"
              autoComplete="off"
              spellCheck={false}
              inputMode={format === 'phone' ? 'tel' : format === 'card' ? 'numeric' : undefined}
              maxLength={LIMITS.requisiteValue}
              value={typed}
              readOnly={busy}
              aria-invalid={problem !== null}
              aria-describedby={`${id}-note`}
              onChange={(event) => setRequisite(descriptor.name, event.target.value)}
            />
            {/* One line under each field: the problem, else a caution, else what is sent, else the format. */}
            <p
              id={`${id}-note`}
              className={problem ? 'field-error' : caution ? 'field-error field-caution' : 'field-note hint'}
              data-testid={`note-${descriptor.name}`}
            >
              {problem ??
                caution ??
                (sent !== '' && sent !== typed.trim()
                  ? t('format.sentAs', { value: sent })
                  : format && hint(format))}
              {/* A value refused or looking wrong keeps the format it should have, to correct it by. */}
              {format && (problem ?? caution) !== null && (
                <span className="field-note-format" data-testid={`format-${descriptor.name}`}>
                  {' '}
                  {hint(format)}
                </span>
              )}
            </p>
          </div>
        );
      })}
      <div className="actions">
        <button
          ref={descriptors.length === 0 ? confirmButton : undefined}
          type="submit"
          className="button-primary button-large"
          disabled={busy}
        >
          {busy ? t('common.working') : t('flow.session.confirm')}
        </button>
        <button type="button" className="button-quiet" disabled={busy} onClick={onCancel}>
          {t('flow.session.cancel')}
        </button>
        {/* The payer may read another language than the agent: their receipt prints in the one chosen here. Last in the row, so the Confirm button stays where it was. */}
        <div className="receipt-language">
          <label htmlFor={`${ids}-receipt-language`}>{t('flow.session.receiptLanguage')}</label>
          <select
            id={`${ids}-receipt-language`}
            value={receiptLanguage}
            disabled={busy}
            onChange={(event) => setReceiptLanguage(event.target.value as Language)}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </form>
  );
}
