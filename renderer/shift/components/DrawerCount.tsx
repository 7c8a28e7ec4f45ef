import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '../../../common/contract.ts';
import { localeOf } from '../../../common/enums.ts';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { type CountDraft, countedSum, denominationsOf, newCount } from '../state/countDraft.ts';

type Props = {
  counts: CountDraft[];
  onChange(counts: CountDraft[]): void;
  /** Currencies whose total is not an amount, after a try to send. */
  invalid: readonly string[];
  /** The float may add and drop currencies; a close counts exactly those the drawer holds. */
  editable?: boolean;
};

/** The drawer counted per currency: note by note in a grid the Tab key walks, or one total. */
export function DrawerCount({ counts, onChange, invalid, editable = false }: Props) {
  const { t } = useTranslation();
  const set = (index: number, next: CountDraft) => onChange(counts.map((c, i) => (i === index ? next : c)));
  return (
    <div className="drawer-count">
      {counts.length === 0 && <p className="hint">{t('count.noCurrency')}</p>}
      {counts.map((draft, index) => (
        <CurrencyCount
          key={draft.currency}
          draft={draft}
          invalid={invalid.includes(draft.currency)}
          onChange={(next) => set(index, next)}
          onRemove={editable ? () => onChange(counts.filter((_, i) => i !== index)) : undefined}
        />
      ))}
      {editable && (
        <AddCurrency
          present={counts.map((c) => c.currency)}
          onAdd={(currency) => onChange([...counts, newCount(currency)])}
        />
      )}
    </div>
  );
}

type CurrencyProps = {
  draft: CountDraft;
  invalid: boolean;
  onChange(next: CountDraft): void;
  onRemove: (() => void) | undefined;
};

function CurrencyCount({ draft, invalid, onChange, onRemove }: CurrencyProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const id = useId();
  const face = new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 2 });
  const total = countedSum(draft);
  const canSplit = denominationsOf(draft.currency).length > 0;
  return (
    <fieldset className="currency-count panel" data-testid={`count-${draft.currency}`}>
      <legend>{draft.currency}</legend>
      <div className="count-head">
        {canSplit && (
          <div
            className="segmented"
            role="radiogroup"
            aria-label={t('count.how', { currency: draft.currency })}
          >
            {(['denominations', 'total'] as const).map((by) => (
              <label key={by} className={draft.by === by ? 'segment segment-on' : 'segment'}>
                <input
                  type="radio"
                  name={`${id}-by`}
                  checked={draft.by === by}
                  onChange={() => onChange({ ...draft, by })}
                />
                {t(`count.by.${by}`)}
              </label>
            ))}
          </div>
        )}
        <p className="count-total" data-testid="count-total">
          {t('count.total')}: <strong>{total === null ? '—' : format.money(total, draft.currency)}</strong>
        </p>
        {onRemove && (
          <button type="button" className="button-quiet" onClick={onRemove}>
            {t('count.remove', { currency: draft.currency })}
          </button>
        )}
      </div>
      {draft.by === 'denominations' ? (
        <div className="denominations">
          {denominationsOf(draft.currency).map((value) => (
            <div className="field denomination" key={value}>
              <label htmlFor={`${id}-${value}`}>{face.format(value as Intl.StringNumericLiteral)}</label>
              <input
                id={`${id}-${value}`}
                inputMode="numeric"
                autoComplete="off"
                placeholder="0"
                aria-label={t('count.pieces', {
                  value: face.format(value as Intl.StringNumericLiteral),
                  currency: draft.currency,
                })}
                value={draft.pieces[value] ?? ''}
                onChange={(event) =>
                  onChange({
                    ...draft,
                    pieces: { ...draft.pieces, [value]: event.target.value.replace(/\D/g, '').slice(0, 6) },
                  })
                }
              />
            </div>
          ))}
        </div>
      ) : (
        <div className="field count-total-field">
          <label htmlFor={`${id}-total`}>{t('count.totalIn', { currency: draft.currency })}</label>
          <input
            id={`${id}-total`}
            className="input-large"
            inputMode="decimal"
            autoComplete="off"
            value={draft.total}
            aria-invalid={invalid}
            aria-describedby={`${id}-total-hint`}
            onChange={(event) => onChange({ ...draft, total: event.target.value })}
          />
          <p id={`${id}-total-hint`} className={invalid ? 'field-error' : 'hint'}>
            {t('count.totalHint')}
          </p>
        </div>
      )}
    </fieldset>
  );
}

function AddCurrency({ present, onAdd }: { present: string[]; onAdd(currency: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  const left = Object.keys(CURRENCIES).filter((c) => !present.includes(c));
  const [chosen, setChosen] = useState('');
  if (left.length === 0) return null;
  const currency = left.includes(chosen) ? chosen : left[0]!;
  return (
    <div className="actions add-currency">
      <label htmlFor={id}>{t('count.addLabel')}</label>
      <select id={id} value={currency} onChange={(event) => setChosen(event.target.value)}>
        {left.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => onAdd(currency)}>
        {t('count.add')}
      </button>
    </div>
  );
}
