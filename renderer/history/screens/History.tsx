import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KNOWN_STATUSES, LIMITS } from '../../../common/contract.ts';
import { DateField } from '../../shared/components/DateField.tsx';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { HistoryList } from '../components/HistoryList.tsx';
import { HistoryTotals } from '../components/HistoryTotals.tsx';
import { useDebounced } from '../hooks/useDebounced.ts';
import { type HistoryQuery, useHistorySearch } from '../state/useHistorySearch.ts';

const NO_FILTER: HistoryQuery = { text: '', type: '', status: '', from: '', to: '', origin: 'counter' };
/** Shorter text holds no trigram, so the core matches it at the start of a number or payer ID only. */
const ANYWHERE_FROM = 3;

export function History() {
  const { t } = useTranslation();
  const openHome = useNavigation((s) => s.openHome);
  const [filters, setFilters] = useState(NO_FILTER);
  const query = useDebounced(filters, 250);
  const search = useHistorySearch(query);
  const searchBox = useFocusOnMount<HTMLInputElement>();
  const ids = useId();
  const set = (patch: Partial<HistoryQuery>) => setFilters((previous) => ({ ...previous, ...patch }));
  const typed = [...filters.text.trim()].length;
  return (
    <ScreenFrame title={t('history.title')} onBack={openHome}>
      <search className="history-filters">
        <div className="field field-grow">
          <label htmlFor={`${ids}-text`}>{t('history.search')}</label>
          <input
            ref={searchBox}
            id={`${ids}-text`}
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={LIMITS.searchText}
            aria-describedby={`${ids}-text-hint`}
            value={filters.text}
            onChange={(event) => set({ text: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-type`}>{t('history.type')}</label>
          <select
            id={`${ids}-type`}
            value={filters.type}
            onChange={(event) => set({ type: event.target.value as HistoryQuery['type'] })}
          >
            <option value="">{t('common.any')}</option>
            <option value="payin">{t('type.payin')}</option>
            <option value="payout">{t('type.payout')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-status`}>{t('history.status')}</label>
          <select
            id={`${ids}-status`}
            value={filters.status}
            onChange={(event) => set({ status: event.target.value })}
          >
            <option value="">{t('common.any')}</option>
            {KNOWN_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
            <option value="cancelled">{t('history.stateCancelled')}</option>
            <option value="unknown">{t('history.stateUnknown')}</option>
            <option value="not_created">{t('history.stateNotCreated')}</option>
            <option value="open_cash">{t('history.stateOpenCash')}</option>
          </select>
        </div>
        <DateField label={t('history.from')} value={filters.from} onChange={(from) => set({ from })} />
        <DateField label={t('history.to')} value={filters.to} onChange={(to) => set({ to })} />
        <div className="field">
          <label htmlFor={`${ids}-origin`}>{t('history.origin')}</label>
          <select
            id={`${ids}-origin`}
            value={filters.origin}
            onChange={(event) => set({ origin: event.target.value as HistoryQuery['origin'] })}
          >
            <option value="counter">{t('history.originCounter')}</option>
            <option value="lookup">{t('history.originLookup')}</option>
          </select>
        </div>
      </search>
      <p id={`${ids}-text-hint`} className="hint">
        {typed > 0 && typed < ANYWHERE_FROM ? t('history.searchShort') : t('history.searchHint')}
      </p>
      <ErrorAlert error={search.error} />
      <HistoryTotals totals={search.totals} />
      <HistoryList
        rows={search.rows}
        loading={search.loading}
        hasMore={search.hasMore}
        otherDesk={query.origin === 'lookup'}
        onNearEnd={search.more}
      />
    </ScreenFrame>
  );
}
