// Small pieces every view uses: loading a route's data, amounts, ages and the common states.
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Amount, get } from './api.ts';
import { age, money, time } from './format.ts';

export function useLoad<T>(path: string | null): { data: T | null; error: string | null; reload(): void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick asks for a reload of the same path
  useEffect(() => {
    if (!path) return;
    let live = true;
    setError(null);
    get<T>(path).then(
      (value) => live && setData(value),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [path, tick]);
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

export function Amounts({ amounts }: { amounts: Amount[] }) {
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

export function Variances({ lines }: { lines: { currency: string; variance: string }[] | null }) {
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
