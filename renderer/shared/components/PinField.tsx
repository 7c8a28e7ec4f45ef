import { forwardRef, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../common/contract.ts';
import { clockOf } from '../hooks/useSecondsUntil.ts';

type Props = {
  label: string;
  value: string;
  onChange(value: string): void;
  autoFocus?: boolean;
  disabled?: boolean;
  /** While a PIN is being checked: keys typed then would be wiped by its answer, so none are taken. */
  readOnly?: boolean;
  /** Whose PIN it is: a new supervisor PIN has 6 to 8 digits, an operator's 4 to 8. */
  owner?: 'operator' | 'supervisor';
  /**
   * The answer to the last try. A refused PIN empties the field: digits left in it would be sent
   * again in front of the next ones, cut at 8, and count as one more wrong try.
   */
  refusal?: AppError | null;
  /** Seconds until the next try is checked (usePinWait): meanwhile the field takes nothing and says so. */
  secondsLeft?: number;
  /** What the PIN must be, when not the owner's usual rule. */
  hint?: string;
};

/** Digits only, never shown, never remembered by the browser; the keypad's digits go straight in. */
export const PinField = forwardRef<HTMLInputElement, Props>(function PinField(props, ref) {
  const { label, value, onChange, autoFocus, disabled, readOnly, hint } = props;
  const { owner = 'operator', refusal = null, secondsLeft = 0 } = props;
  const { t } = useTranslation();
  const id = useId();
  const change = useRef(onChange);
  change.current = onChange;
  useEffect(() => {
    if (isRefusal(refusal)) change.current('');
  }, [refusal]);
  // Digits typed before the wait began go too: the field is empty when the wait ends.
  const waiting = secondsLeft > 0;
  useEffect(() => {
    if (waiting) change.current('');
  }, [waiting]);
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
        readOnly={readOnly || waiting}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      />
      <p id={`${id}-hint`} className="hint" data-testid={waiting ? 'pin-wait' : undefined}>
        {waiting
          ? t('pin.waitField', { time: clockOf(secondsLeft) })
          : (hint ?? (owner === 'supervisor' ? t('pin.supervisorHint') : t('pin.hint')))}
      </p>
    </div>
  );
});

/** A PIN the core refused: wrong, or locked out. */
function isRefusal(error: AppError | null): boolean {
  return error?.kind === 'pin_refused' || (error?.kind === 'locked' && error.field === 'pin');
}
