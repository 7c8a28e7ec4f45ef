import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError, Operator } from '../../../common/contract.ts';
import { PinField } from '../../shared/components/PinField.tsx';
import { PinRefusal, usePinWait } from '../../shared/components/PinRefusal.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useInFlight } from '../../shared/hooks/useInFlight.ts';
import { useResult } from '../../shared/hooks/useResult.ts';
import { useDesk } from '../../shared/state/desk.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { useCurrentShop } from '../../shared/state/selectedShop.ts';
import { shiftApi } from '../api.ts';
import { DrawerCount } from '../components/DrawerCount.tsx';
import { type CountDraft, newCount, toDrawerCount } from '../state/countDraft.ts';
import { floatCurrencies } from '../state/floatCurrencies.ts';

/** An operator signs in with their PIN and counts the opening float: the shift opens. */
export function SignIn() {
  const { t } = useTranslation();
  const openHome = useNavigation((s) => s.openHome);
  const openSettings = useNavigation((s) => s.openSettings);
  const accept = useDesk((s) => s.accept);
  const shop = useCurrentShop();
  const operators = useResult(shiftApi.operators);
  const [operatorId, setOperatorId] = useState<number | null>(null);
  const [pin, setPin] = useState('');
  const [counts, setCounts] = useState<CountDraft[]>([]);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [error, setError] = useState<AppError | null>(null);
  const wait = usePinWait(error);
  const { busy, run } = useInFlight();
  const ids = useId();
  useEffect(() => {
    let live = true;
    void floatCurrencies(shop.id).then((currencies) => live && setCounts(currencies.map(newCount)));
    return () => {
      live = false;
    };
  }, [shop.id]);
  const list = operators.value?.operators ?? null;
  const chosen = list?.find((o) => o.id === operatorId) ?? (list?.length === 1 ? list[0]! : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { count, invalid: bad } = toDrawerCount(counts);
    setInvalid(bad);
    if (!chosen || pin.length < 4 || bad.length > 0 || wait > 0) return;
    const result = await run(() => shiftApi.open({ operatorId: chosen.id, pin, float: count }));
    if (!result) return;
    setPin('');
    if (!result.ok) return setError(result.error);
    accept(result);
    openHome();
  };

  return (
    <ScreenFrame title={t('signIn.title')} onBack={openHome}>
      {list === null ? null : list.length === 0 ? (
        <div className="panel stack">
          <p className="lead">{t('signIn.noOperators')}</p>
          <button type="button" onClick={openSettings}>
            {t('home.settings')}
          </button>
        </div>
      ) : (
        <form className="sign-in" onSubmit={submit} noValidate>
          <div className="panel stack">
            <fieldset className="operator-choice">
              <legend>{t('signIn.who')}</legend>
              {list.map((operator, index) => (
                <OperatorOption
                  key={operator.id}
                  operator={operator}
                  autoFocus={index === 0 && list.length > 1}
                  name={`${ids}-operator`}
                  checked={chosen?.id === operator.id}
                  onChoose={() => {
                    setOperatorId(operator.id);
                    setError(null);
                  }}
                />
              ))}
            </fieldset>
            <PinField
              label={chosen ? t('signIn.pinOf', { name: chosen.name }) : t('pin.label')}
              value={pin}
              onChange={setPin}
              disabled={!chosen}
              autoFocus={list.length === 1}
              refusal={error}
              secondsLeft={wait}
            />
            <PinRefusal error={error} owner="operator" secondsLeft={wait} />
          </div>
          <div className="stack">
            <h2>{t('signIn.float')}</h2>
            <p className="hint">{t('signIn.floatHint')}</p>
            <DrawerCount counts={counts} onChange={setCounts} invalid={invalid} editable />
            {invalid.length > 0 && <p className="field-error">{t('count.invalid')}</p>}
            <div className="actions">
              <button
                type="submit"
                className="button-primary button-large"
                disabled={busy || !chosen || pin.length < 4 || wait > 0}
              >
                {t('signIn.open')}
              </button>
            </div>
          </div>
        </form>
      )}
    </ScreenFrame>
  );
}

type OptionProps = {
  operator: Operator;
  name: string;
  checked: boolean;
  autoFocus: boolean;
  onChoose(): void;
};

function OperatorOption({ operator, name, checked, autoFocus, onChoose }: OptionProps) {
  const { t } = useTranslation();
  return (
    <label className={checked ? 'operator-option operator-on' : 'operator-option'}>
      <input
        type="radio"
        name={name}
        checked={checked}
        disabled={operator.lockedOut}
        // biome-ignore lint/a11y/noAutofocus: choosing who signs in is the first thing this screen asks
        autoFocus={autoFocus}
        onChange={onChoose}
      />
      <span className="operator-name">{operator.name}</span>
      {operator.lockedOut && <span className="badge badge-danger">{t('operators.lockedOut')}</span>}
    </label>
  );
}
