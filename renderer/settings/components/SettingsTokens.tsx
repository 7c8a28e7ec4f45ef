import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppError, channels, type Shop } from '../../../common/contract.ts';
import { ErrorAdvice } from '../../shared/components/ErrorAlert.tsx';
import { PinField } from '../../shared/components/PinField.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useAppState, useLiveTokenState, useShops, useTraining } from '../../shared/state/appState.ts';
import { useDesk } from '../../shared/state/desk.ts';
import { settingsApi } from '../api.ts';

/**
 * The live gateway's tokens, one per shop. In training they are shown as they stand at the live
 * gateway (training itself needs none), so "Token set" never stands for a token that is not there.
 */
export function SettingsTokens({ hasGateway }: { hasGateway: boolean }) {
  const { t } = useTranslation();
  const shops = useShops();
  const training = useTraining();
  const ids = useId();
  return (
    <section className="panel" aria-labelledby={`${ids}-title`} data-testid="settings-tokens">
      <h2 id={`${ids}-title`}>{t('settings.tokens')}</h2>
      {training && <p className="alert alert-info">{t('settings.trainingTokens')}</p>}
      {hasGateway ? (
        <>
          <p className="hint">{t('settings.tokenHint')}</p>
          {shops.map((shop) => (
            <TokenField key={shop.id} shop={shop} />
          ))}
        </>
      ) : (
        <p className="hint">{t('settings.tokensNeedUrl')}</p>
      )}
    </section>
  );
}

/** Write-only: the field is cleared once saved, and nothing ever reads a token back into the page. */
function TokenField({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  const state = useLiveTokenState(shop.id);
  const accept = useAppState((s) => s.accept);
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState(false);
  /** A new token asks for the current supervisor PIN again (main checks it). */
  const [supervisorPin, setSupervisorPin] = useState('');
  const pinSet = useDesk((s) => s.desk?.supervisor.pinSet ?? false);
  const { busy, run } = useInFlight();
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const request = channels['settings.setToken'].request.safeParse({
      shopId: shop.id,
      token,
      ...(pinSet && supervisorPin ? { supervisorPin } : {}),
    });
    if (!request.success) return setProblem(t('settings.tokenInvalid'));
    setProblem(null);
    const result = await run(async () => accept(await settingsApi.setToken(request.data)));
    if (!result) return;
    setError(result.ok ? null : result.error);
    setSupervisorPin('');
    if (result.ok) {
      setToken('');
      setSaved(true);
    }
  };
  return (
    <form className="token-field" onSubmit={submit} noValidate>
      <div className="field field-grow">
        <label htmlFor={id}>
          {t('settings.tokenFor', { id: shop.id })}{' '}
          <span className={`badge badge-token-${state}`}>{t(`settings.tokenState.${state}`)}</span>
        </label>
        <input
          id={id}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          value={token}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-problem`}
          onChange={(event) => setToken(event.target.value)}
        />
        <p id={`${id}-problem`} className="field-error">
          {problem ?? (error && <ErrorAdvice error={error} />)}
        </p>
        {saved && <p role="status">{t('settings.tokenSaved', { id: shop.id })}</p>}
        {pinSet && token !== '' && (
          <PinField
            label={t('settings.supervisorPinAgain')}
            value={supervisorPin}
            onChange={setSupervisorPin}
            owner="supervisor"
          />
        )}
      </div>
      <button type="submit" disabled={busy || token === ''}>
        {t('settings.setToken')}
      </button>
    </form>
  );
}
