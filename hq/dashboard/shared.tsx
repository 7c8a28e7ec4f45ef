// Small pieces every view uses: loading a route's data, amounts, ages and the common states.
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffReply, StaffRoute } from '../../common/hq-api/staff-routes.ts';
import type { DeskSummary } from '../../common/hq-api/staff-views.ts';
import type { CurrencyAmount } from '../../common/journal-entry.ts';
import { type RefusalCatalogue, refusalText } from '../../common/refusal.ts';
import { ApiError, type Call, send } from './api.ts';
import { age, money, time } from './format.ts';

/** How often the live views (network, branch, desk) read again: desks upload as they work. */
export const LIVE_REFRESH_MS = 5000;

/** What went wrong, in the reader's language: the server's reason by its key, or the dashboard's own. */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  const refusals = i18n.getResourceBundle(i18n.language, 'refusal') as RefusalCatalogue;
  return (error) => {
    if (!(error instanceof ApiError)) return (error as Error).message;
    if (error.unreadable) return t('common.unreadable');
    return error.refusal ? refusalText(refusals, error.refusal) : error.message;
  };
}

/** A route's data; `refreshMs` reads it again on that period, keeping what is shown meanwhile. */
export function useLoad<N extends StaffRoute>(
  request: Call<N> | null,
  refreshMs?: number,
): { data: StaffReply<N> | null; error: string | null; reload(): void } {
  const errorText = useErrorText();
  const [data, setData] = useState<StaffReply<N> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!refreshMs) return;
    const timer = setInterval(() => setTick((n) => n + 1), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);
  const key = request?.key ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the request; tick asks for a reload of it
  useEffect(() => {
    if (!request) return;
    let live = true;
    setError(null);
    send(request).then(
      (value) => live && setData(value),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [key, tick]);
  return { data, error, reload: useCallback(() => setTick((n) => n + 1), []) };
}

export function Loaded<T>({
  state,
  children,
}: {
  state: { data: T | null; error: string | null };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (state.error)
    return (
      <p role="alert" className="error">
        {t('common.error', { message: state.error })}
      </p>
    );
  if (!state.data) return <p aria-busy="true">{t('common.loading')}</p>;
  return <>{children(state.data)}</>;
}

export function Amounts({ amounts }: { amounts: CurrencyAmount[] }) {
  const { i18n, t } = useTranslation();
  if (!amounts.length) return <>{t('common.none')}</>;
  return (
    <>
      {amounts.map((a) => (
        <span key={a.currency} className="amount">
          {money(i18n.language, a.amount, a.currency)}
        </span>
      ))}
    </>
  );
}

export function Age({ at }: { at: string | null }) {
  const { t, i18n } = useTranslation();
  if (!at) return <>{t('common.never')}</>;
  const { unit, n } = age(at);
  return (
    <time dateTime={at} title={time(i18n.language, at)}>
      {t('common.ago', { age: t(`age.${unit}`, { n }) })}
    </time>
  );
}

export function When({ at }: { at: string | null }) {
  const { t, i18n } = useTranslation();
  return at ? <time dateTime={at}>{time(i18n.language, at)}</time> : t('common.never');
}

export function Variances({ lines }: { lines: DeskSummary['lastZVariance'] }) {
  const { t, i18n } = useTranslation();
  if (!lines?.length) return <>{t('common.none')}</>;
  return (
    <>
      {lines.map((l) => (
        <span key={l.currency} className={l.variance.startsWith('-') ? 'amount short' : 'amount'}>
          {money(i18n.language, l.variance, l.currency)}
        </span>
      ))}
    </>
  );
}
