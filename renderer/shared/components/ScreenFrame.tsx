import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  CashAdvice,
  Custody,
  Meaning,
  OperationTypeValue,
  OperationView,
} from '../../../common/contract.ts';
import { gatewayFigures } from '../gatewayFigures.ts';
import { useEscape } from '../hooks/useEscape.ts';
import { useFormat } from '../hooks/useFormat.ts';
import { noteWords } from '../noteWords.ts';
import { typeWords } from '../typeWords.ts';
import { CashBanner } from './CashBanner.tsx';
import { MoneyMark } from './MoneyMark.tsx';

type Props = {
  title: string;
  /** Back button and Esc; omitted where leaving must be a deliberate choice. */
  onBack?: () => void;
  /** Cash in or Cash out, beside the title on every step of an operation. */
  type?: OperationTypeValue | undefined;
  /** Given on every operation screen. */
  cash?: CashAdvice | undefined;
  /** The cash recorded as moved, said in the banner. */
  custody?: Custody | null | undefined;
  /** Why no cash moves now, said in the banner. */
  cashNote?: string | null;
  /** Whose money it is, for a screen that gives its figures one by one. */
  meaning?: Meaning | null | undefined;
  /** The operation shown as the gateway holds it: its type, mark, cash advice, custody and note, at once. */
  operation?: OperationView | null | undefined;
  aside?: ReactNode;
  children: ReactNode;
};

export function ScreenFrame(props: Props) {
  const { title, onBack, operation, aside, children } = props;
  const { t } = useTranslation();
  const format = useFormat();
  const type = operation ? operation.type : props.type;
  const cash = operation ? operation.cash : props.cash;
  const custody = operation ? operation.custody : props.custody;
  const cashNote = operation ? noteWords(t, operation) : props.cashNote;
  const held = operation && gatewayFigures(operation);
  const meaning = operation ? operation.meaning : props.meaning;
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEscape(onBack);
  useEffect(() => {
    // A new screen starts where the agent acts (autoFocus) or, failing that, at its title, so
    // focus is never left on a control that no longer exists.
    if (!section.current?.contains(document.activeElement)) heading.current?.focus();
  }, []);
  return (
    <section className="screen" ref={section} aria-labelledby={headingId}>
      <div className="screen-head">
        {onBack && (
          <button type="button" className="button-quiet back" onClick={onBack}>
            <span aria-hidden="true">← </span>
            {t('common.back')}
          </button>
        )}
        <h1 id={headingId} ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {/* Whose money it is, at the top beside the title: never below the fold, never missed. */}
        {meaning && <MoneyMark meaning={meaning} />}
        {type && (
          <span className={`badge badge-${type} step-type`} data-testid="step-type">
            {operation ? typeWords(t, type, operation.meaning.receipt.wording) : t(`type.${type}`)}
          </span>
        )}
        {aside}
      </div>
      {cash && (
        <CashBanner
          cash={cash}
          custody={custody}
          returned={operation?.returned}
          note={cashNote}
          amount={held ? format.money(held.amount, held.currency) : ''}
        />
      )}
      <div className="screen-body">{children}</div>
    </section>
  );
}
