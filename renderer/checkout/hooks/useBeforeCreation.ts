import { useTranslation } from 'react-i18next';
import { useCheckout } from '../state/checkout.ts';

/** The frame of each step before a session exists: Cash in or out, and no cash moves yet. */
export function useBeforeCreation() {
  const { t } = useTranslation();
  const type = useCheckout((s) => s.type);
  return { type, cash: 'none', cashNote: t('cash.note.not_created') } as const;
}
