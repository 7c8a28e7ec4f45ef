import { forwardRef, useId } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  label: string;
  value: string;
  onChange(value: string): void;
  autoFocus?: boolean;
  disabled?: boolean;
  /** While a PIN is being checked: keys typed then would be wiped by its answer, so none are taken. */
  readOnly?: boolean;
  /** What the PIN must be, when not the usual 4–8 digits. */
  hint?: string;
};

/** Digits only, never shown, never remembered by the browser; the keypad's digits go straight in. */
export const PinField = forwardRef<HTMLInputElement, Props>(function PinField(props, ref) {
  const { label, value, onChange, autoFocus, disabled, readOnly, hint } = props;
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field pin-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        // biome-ignore lint/a11y/noAutofocus: the PIN is the one thing these screens ask for
        autoFocus={autoFocus}
        disabled={disabled}
        readOnly={readOnly}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      />
      <p id={`${id}-hint`} className="hint">
        {hint ?? t('pin.hint')}
      </p>
    </div>
  );
});
