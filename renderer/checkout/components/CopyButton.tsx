import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Outcome = 'idle' | 'copied' | 'failed';
const LABEL = { idle: 'common.copyShort', copied: 'common.copied', failed: 'common.copyFailed' } as const;

export function CopyButton({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };
  return (
    <button
      type="button"
      className="button-quiet copy"
      onClick={copy}
      aria-label={t('common.copy', { name: label })}
    >
      {t(LABEL[outcome])}
    </button>
  );
}
