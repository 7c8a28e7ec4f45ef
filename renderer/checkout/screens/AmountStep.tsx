import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../common/enums.ts';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { Keypad } from '../components/Keypad.tsx';
import { useBeforeCreation } from '../hooks/useBeforeCreation.ts';
import { type AmountCheck, checkAmount } from '../state/checkAmount.ts';
import { useCheckout } from '../state/checkout.ts';

export function AmountStep() {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const method = useCheckout((s) => s.method);
  const frame = useBeforeCreation();
  const choices = useCheckout((s) => s.methods?.length ?? 0);
  const amount = useCheckout((s) => s.amount);
  const setAmount = useCheckout((s) => s.setAmount);
  const submitAmount = useCheckout((s) => s.submitAmount);
  const back = useCheckout((s) => s.back);
  const input = useFocusOnMount<HTMLInputElement>();
  const ids = useId();
  if (!method) throw new Error('The amount step needs a payment method');
  const check = checkAmount(amount, method, localeOf(i18n.language));
  const min = format.money(method.minAmount, method.currency);
  const max = format.money(method.maxAmount, method.currency);
  const problem = check.ok || check.problem === 'empty' ? null : describe(check);
  function describe(refused: Exclude<AmountCheck, { ok: true }>): string {
    const number = (value: string) =>
      new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 20 }).format(
        value as Intl.StringNumericLiteral,
      );
    switch (refused.problem) {
      case 'ambiguous':
        return t('flow.amount.ambiguous', {
          typed: amount.trim(),
          thousands: number(refused.thousands),
          decimal: number(refused.decimal),
          plain: refused.thousands,
        });
      case 'decimals':
        return t('flow.amount.decimals', { currency: method!.currency, places: refused.places });
      case 'finerThanCash':
        return t('flow.amount.finerThanCash', {
          currency: method!.currency,
          step: format.money(refused.step, method!.currency),
        });
      case 'grouping':
        return t('flow.amount.grouping', { example: number('1500000') });
      case 'empty':
        return '';
      default:
        return t(`flow.amount.${refused.problem}`, { min, max });
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitAmount();
  };
  return (
    <ScreenFrame title={t('flow.amount.title')} onBack={back} {...frame}>
      <form className="amount-form" onSubmit={submit} noValidate>
        <div className="amount-entry">
          <label htmlFor={`${ids}-amount`}>{t('flow.amount.label', { currency: method.currency })}</label>
          <input
            ref={input}
            id={`${ids}-amount`}
            className="amount-input"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            aria-invalid={problem !== null}
            aria-describedby={`${ids}-limits ${ids}-problem`}
            onChange={(event) => setAmount(event.target.value)}
          />
          <p className="amount-preview" aria-hidden="true">
            {check.ok ? format.money(check.amount, method.currency) : ' '}
          </p>
          <p id={`${ids}-limits`} className="hint">
            {t('flow.amount.method', { method: method.name })} · {t('flow.amount.limits', { min, max })}
            {/* The method may be the one remembered from the last payer: one click to another. */}
            {choices > 1 && (
              <button type="button" className="button-quiet inline" onClick={back}>
                {t('flow.amount.changeMethod')}
              </button>
            )}
          </p>
          <p id={`${ids}-problem`} className="field-error" role="alert" data-testid="amount-problem">
            {problem}
          </p>
          <button type="submit" className="button-primary button-large" disabled={!check.ok}>
            {t('common.continue')}
          </button>
        </div>
        <Keypad value={amount} onChange={setAmount} />
      </form>
    </ScreenFrame>
  );
}
