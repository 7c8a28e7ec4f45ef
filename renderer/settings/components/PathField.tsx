import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './Field.tsx';

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
    <Field id={id} label={label} hint={t('exportCsv.pathHint')}>
      <input
        id={id}
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
