import type { TFunction } from 'i18next';
import type { OperationView } from '../../common/contract.ts';

/**
 * The core's reason why no cash moves (`meaning.note`), in the agent's words. Never created and
 * not yet created are the same reason; the words differ only in tense.
 */
export function noteWords(t: TFunction, operation: Pick<OperationView, 'meaning' | 'phase' | 'status'>) {
  const { note } = operation.meaning;
  if (note === null) return null;
  if (note === 'not_created' && operation.phase === 'not_created') return t('notCreated.title');
  return t(`cash.note.${note}`, { status: operation.status ?? '' });
}
