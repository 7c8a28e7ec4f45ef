import { useTranslation } from 'react-i18next';
import { describeStatus } from '../describeStatus.ts';
import { subjectOf, useLookupAnswers } from '../state/lookupAnswers.ts';
import { useNavigation } from '../state/navigation.ts';

/** Tells the agent, whatever screen is showing, that a lookup queued while offline has its answer. */
export function LookupNotices() {
  const { t } = useTranslation();
  const answers = useLookupAnswers((s) => s.answers);
  const dismiss = useLookupAnswers((s) => s.dismiss);
  const openHistoryDetail = useNavigation((s) => s.openHistoryDetail);
  return (
    <div className="notices" aria-live="polite">
      {answers.map(({ id, result }) => {
        if (result.state === 'queued') return null;
        const found = result.state === 'found' ? result.operation : null;
        const { shopId, operationNumber } = subjectOf(result);
        const text = t('lookup.answered', {
          number: operationNumber,
          shop: shopId,
          result: found ? describeStatus(t, found) : t('lookup.notFoundShort'),
        });
        return (
          <div key={id} className="notice" data-testid="lookup-notice">
            <span>{text}</span>
            {found && (
              <button
                type="button"
                onClick={() => {
                  dismiss(id);
                  openHistoryDetail(found.localId, { name: 'home' });
                }}
              >
                {t('common.open')}
              </button>
            )}
            <button type="button" className="button-quiet" onClick={() => dismiss(id)}>
              {t('app.dismiss')}
            </button>
          </div>
        );
      })}
    </div>
  );
}
