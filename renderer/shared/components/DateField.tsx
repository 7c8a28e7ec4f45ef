import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../common/enums.ts';
import { type Day, dayPattern, formatDay, looksFinished, parseDay } from '../dates.ts';

type Props = { label: string; value: Day; onChange(value: Day): void };

/**
 * A day typed in the language's own order (22.11.2026 in Russian, 11/22/2026 in English). The
 * browser's date input follows the system's locale whatever the page's language, so it is not used.
 */
export function DateField({ label, value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const id = useId();
  const [text, setText] = useState(() => (value ? formatDay(value, locale) : ''));
  const [invalid, setInvalid] = useState(false);
  // Another language writes the same day its own way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of language rewrites the text
  useEffect(() => setText(value ? formatDay(value, locale) : ''), [locale]);
  const { order, separator } = dayPattern(locale);
  const pattern = order.map((part) => t(`history.dateParts.${part}`)).join(separator);
  const change = (typed: string) => {
    setText(typed);
    const day = parseDay(typed, locale);
    if (day !== null) {
      setInvalid(false);
      onChange(day);
    } else if (looksFinished(typed)) {
      // A whole day that cannot be read is said at once, and no day from before stays applied.
      setInvalid(true);
      onChange('');
    }
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        placeholder={pattern}
        value={text}
        aria-invalid={invalid}
        aria-describedby={`${id}-problem`}
        onChange={(event) => change(event.target.value)}
        onBlur={() => {
          if (parseDay(text, locale) !== null) return;
          setInvalid(true);
          onChange('');
        }}
      />
      <p id={`${id}-problem`} className="field-error" aria-live="polite">
        {invalid &&
          t('history.dateInvalid', { typed: text.trim(), example: formatDay('2026-11-22', locale) })}
      </p>
    </div>
  );
}
