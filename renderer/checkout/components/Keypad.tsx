import { useTranslation } from 'react-i18next';
import { separatorsOf } from '../../../common/amount-input.ts';
import { localeOf } from '../../../common/enums.ts';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

type Props = { value: string; onChange(value: string): void };

/** For touch screens; the amount field takes the keyboard and the numpad directly. */
export function Keypad({ value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  // The separator the app shows amounts with in this language: a comma in Russian and Kazakh.
  const { decimal } = separatorsOf(localeOf(i18n.language));
  const type = (key: string) => {
    const next = value + key;
    // Stop at two decimals and one point, as the amount format allows no more.
    if (/^\d*([.,]\d{0,2})?$/.test(next)) onChange(next);
  };
  return (
    <fieldset className="keypad">
      <legend className="visually-hidden">{t('flow.amount.keypad')}</legend>
      {DIGITS.map((digit) => (
        <button key={digit} type="button" onClick={() => type(digit)}>
          {digit}
        </button>
      ))}
      <button type="button" aria-label={t('flow.amount.decimal')} onClick={() => type(decimal)}>
        {decimal}
      </button>
      <button type="button" onClick={() => type('0')}>
        0
      </button>
      <button
        type="button"
        aria-label={t('flow.amount.backspace')}
        onClick={() => onChange(value.slice(0, -1))}
      >
        ⌫
      </button>
    </fieldset>
  );
}
