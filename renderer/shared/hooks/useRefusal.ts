import { useTranslation } from 'react-i18next';
import type { RefusalCatalogue } from '../../../common/refusal.ts';
import { type Refusal, refusalText } from '../../../common/refusal.ts';

/** The core's refusals in the agent's language, from the one catalogue the core keeps them in. */
export function useRefusal(): (refused: Refusal) => string {
  const { i18n } = useTranslation();
  const catalogue = i18n.getResourceBundle(i18n.language, 'refusal') as RefusalCatalogue;
  return (refused) => refusalText(catalogue, refused);
}
