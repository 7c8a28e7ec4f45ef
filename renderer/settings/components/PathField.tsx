import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Where a file is written: a full path, starting with the desk's suggestion. */
export function PathField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(path: string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className="hint">
        {t('exportCsv.pathHint')}
      </p>
    </div>
  );
}
