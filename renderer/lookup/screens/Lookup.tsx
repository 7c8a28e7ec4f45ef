import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AppError,
  type LookupResult,
  type OperationView,
  operationNumber as operationNumberSchema,
} from '../../../common/contract.ts';
import { parseLookupInput, RECEIPT_CODE_MAX } from '../../../common/receipt-code.ts';
import { ClaimPayout } from '../../headoffice/components/ClaimPayout.tsx';
import { useOperations } from '../../operations/store.ts';
import { useShownOperation } from '../../operations/useShownOperation.ts';
import { CashBanner } from '../../shared/components/CashBanner.tsx';
import { CustodyButton } from '../../shared/components/CustodyButton.tsx';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { MoneyMark } from '../../shared/components/MoneyMark.tsx';
import { OperationAlerts } from '../../shared/components/OperationAlerts.tsx';
import { OperationSummary } from '../../shared/components/OperationSummary.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { gatewayFigures } from '../../shared/gatewayFigures.ts';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useShowsOperation } from '../../shared/hooks/useShowsOperation.ts';
import { noteWords } from '../../shared/noteWords.ts';
import { useShops } from '../../shared/state/appState.ts';
import { answerKey, useLookupAnswers } from '../../shared/state/lookupAnswers.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { useCurrentShop } from '../../shared/state/selectedShop.ts';
import { lookupApi } from '../api.ts';

/** How this desk prints its own numbers (terminal, day, sequence): what an agent copies from a receipt. */
const NUMBER_EXAMPLE = 'T01-261125-0002';

export function Lookup() {
  const { t } = useTranslation();
  const openHome = useNavigation((s) => s.openHome);
  const openHistoryDetail = useNavigation((s) => s.openHistoryDetail);
  const shops = useShops();
  const [shopId, setShopId] = useState(useCurrentShop().id);
  const [number, setNumber] = useState('');
  const [result, setResult] = useState<LookupResult | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  // Text that cannot be an operation number is answered here, with how to type one, not sent.
  const [badNumber, setBadNumber] = useState<string | null>(null);
  const { busy, run } = useInFlight();
  const input = useFocusOnMount<HTMLInputElement>();
  const ids = useId();
  // A queued lookup is answered later by `lookup.answered`; the latest answer replaces "queued".
  const answer = useLookupAnswers((s) =>
    result?.state === 'queued'
      ? s.answers.findLast((a) => answerKey(a.result) === answerKey(result))
      : undefined,
  );
  const shown = answer?.result ?? result;
  // What was found stays current while it is on screen: its status, and the cash once recorded.
  // Another desk's operation is followed by main while it is shown here.
  const found = useShownOperation(shown?.state === 'found' ? shown.operation : null);
  const put = useOperations((s) => s.put);
  useShowsOperation(found?.localId);
  // The number and shop as the gateway was asked, which may differ from what is in the form now.
  const shopLabel = (id: number) => {
    const shop = shops.find((s) => s.id === id);
    return shop ? `${shop.name} (${id})` : String(id);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A scanned receipt's QR code names its shop; a number typed by hand is for the shop on screen.
    const typed = parseLookupInput(number);
    const operationNumber = typed.operationNumber;
    if (!operationNumber) return;
    if (!operationNumberSchema.safeParse(operationNumber).success) {
      setResult(null);
      setError(null);
      setBadNumber(operationNumber);
      return;
    }
    setBadNumber(null);
    const shop = typed.shopId ?? shopId;
    if (typed.shopId !== null) {
      setShopId(typed.shopId);
      setNumber(operationNumber);
    }
    const outcome = await run(() => lookupApi.byNumber({ shopId: shop, operationNumber }));
    if (!outcome) return;
    setResult(outcome.ok ? outcome.value : null);
    setError(outcome.ok ? null : outcome.error);
  };
  return (
    <ScreenFrame title={t('lookup.title')} onBack={openHome}>
      <form className="lookup-form" onSubmit={submit} noValidate>
        {shops.length > 1 && (
          <div className="field">
            <label htmlFor={`${ids}-shop`}>{t('lookup.shop')}</label>
            <select
              id={`${ids}-shop`}
              className="input-large"
              value={shopId}
              onChange={(event) => setShopId(Number(event.target.value))}
            >
              {shops.map((shop) => (
                <option key={shop.id} value={shop.id}>
                  {shop.name} ({shop.id})
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field field-grow">
          <label htmlFor={`${ids}-number`}>{t('lookup.number')}</label>
          <input
            ref={input}
            id={`${ids}-number`}
            className="input-large"
            autoComplete="off"
            spellCheck={false}
            maxLength={RECEIPT_CODE_MAX}
            value={number}
            onChange={(event) => setNumber(event.target.value)}
          />
        </div>
        <button type="submit" className="button-primary button-large" disabled={busy || number.trim() === ''}>
          {busy ? t('common.working') : t('lookup.submit')}
        </button>
      </form>
      <div aria-live="polite" data-testid="lookup-result">
        <ErrorAlert error={error} inLiveRegion />
        {badNumber !== null && (
          <p className="alert alert-danger" data-testid="lookup-bad-number">
            {t('lookup.badNumber', { typed: badNumber, example: NUMBER_EXAMPLE })}
          </p>
        )}
        {found && (
          <FoundOperation
            operation={found}
            onRecorded={put}
            onDetails={(localId) => openHistoryDetail(localId, { name: 'lookup' })}
          />
        )}
        {shown?.state === 'not_found' && (
          <p className="alert alert-warning">
            {t('lookup.notFound', { number: shown.operationNumber, shop: shopLabel(shown.shopId) })}
          </p>
        )}
        {shown?.state === 'queued' && (
          <p className="alert alert-info">{t('lookup.queued', { number: shown.operationNumber })}</p>
        )}
      </div>
    </ScreenFrame>
  );
}

type FoundProps = {
  operation: OperationView;
  onRecorded(view: OperationView): void;
  onDetails(localId: number): void;
};

function FoundOperation({ operation, onRecorded, onDetails }: FoundProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const held = gatewayFigures(operation);
  return (
    <div className="stack">
      <MoneyMark meaning={operation.meaning} />
      <CashBanner
        cash={operation.cash}
        custody={operation.custody}
        returned={operation.returned}
        note={noteWords(t, operation)}
        amount={format.money(held.amount, held.currency)}
      />
      <ClaimPayout operation={operation} onClaimed={onRecorded} />
      <CustodyButton operation={operation} onRecorded={onRecorded} />
      <OperationAlerts operation={operation} />
      <OperationSummary operation={operation} withStatus />
      <div className="actions">
        <button type="button" onClick={() => onDetails(operation.localId)}>
          {t('lookup.details')}
        </button>
      </div>
    </div>
  );
}
