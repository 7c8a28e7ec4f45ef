// The search by operation number, across the network or a supervisor's branch.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callOf } from '../api.ts';
import { money } from '../format.ts';
import { Loaded, useLoad } from '../shared.tsx';

export function SearchView() {
  const { t, i18n } = useTranslation();
  const [number, setNumber] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const state = useLoad(asked ? callOf('search', { query: { operationNumber: asked } }) : null);
  const yes = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title">{t('search.title')}</h1>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(number.trim() || null);
        }}
      >
        <label htmlFor="operation-number">{t('search.number')}</label>
        <input id="operation-number" value={number} onChange={(e) => setNumber(e.target.value)} />
        <button type="submit">{t('search.submit')}</button>
      </form>
      {asked ? (
        <Loaded state={state}>
          {({ operations }) =>
            operations.length ? (
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('desk.number')}</th>
                    <th scope="col">{t('search.desk')}</th>
                    <th scope="col">{t('search.branch')}</th>
                    <th scope="col">{t('desk.type')}</th>
                    <th scope="col">{t('desk.amount')}</th>
                    <th scope="col">{t('desk.status')}</th>
                    <th scope="col">{t('search.received')}</th>
                    <th scope="col">{t('search.handedOver')}</th>
                    <th scope="col">{t('search.claimedBy')}</th>
                    <th scope="col">{t('search.openCash')}</th>
                  </tr>
                </thead>
                <tbody>
                  {operations.map((o) => (
                    <tr key={o.operationNumber}>
                      <th scope="row">{o.operationNumber}</th>
                      <td>{o.terminalId}</td>
                      <td>{o.branchName}</td>
                      <td>{t(`desk.types.${o.type}`)}</td>
                      <td>{money(i18n.language, o.amount, o.currency)}</td>
                      <td>{o.status ?? t('desk.unknown')}</td>
                      <td>{yes(o.received)}</td>
                      <td>{yes(o.handedOver)}</td>
                      <td>{o.claimedBy ?? '—'}</td>
                      <td>{yes(o.openCash)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>{t('search.none')}</p>
            )
          }
        </Loaded>
      ) : null}
    </section>
  );
}
