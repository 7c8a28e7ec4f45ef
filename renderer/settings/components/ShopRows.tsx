import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isTrainingShopName } from '../../../common/training-shops.ts';
import type { Problems, ShopDraft } from '../state/settingsDraft.ts';

type Props = {
  shops: ShopDraft[];
  problems: Problems;
  /** Live was asked for with a training gateway's shop name: focus goes to the first such name. */
  focusTrainingName?: boolean;
  onChange(shops: ShopDraft[]): void;
  onAdd(): void;
};

export function ShopRows({ shops, problems, focusTrainingName = false, onChange, onAdd }: Props) {
  const { t } = useTranslation();
  const ids = useId();
  const trainingName = useRef<HTMLInputElement>(null);
  const firstTraining = shops.find((shop) => isTrainingShopName(shop.name))?.key;
  useEffect(() => {
    if (focusTrainingName) trainingName.current?.focus();
  }, [focusTrainingName]);
  const edit = (key: number, patch: Partial<ShopDraft>) =>
    onChange(shops.map((shop) => (shop.key === key ? { ...shop, ...patch } : shop)));
  return (
    <fieldset className="shops">
      <legend>{t('settings.shops')}</legend>
      {problems.shops && <p className="field-error">{problems.shops}</p>}
      {shops.map((shop, index) => {
        const id = `${ids}-${shop.key}`;
        const idProblem = problems[`shops.${index}.id`];
        const nameProblem = problems[`shops.${index}.name`];
        return (
          <div key={shop.key} className="shop-row">
            <div className="field">
              <label htmlFor={`${id}-id`}>{t('settings.shopId')}</label>
              <input
                id={`${id}-id`}
                inputMode="numeric"
                autoComplete="off"
                value={shop.id}
                aria-invalid={idProblem !== undefined}
                aria-describedby={`${id}-id-problem`}
                onChange={(event) => edit(shop.key, { id: event.target.value })}
              />
              <p id={`${id}-id-problem`} className="field-error">
                {idProblem}
              </p>
            </div>
            <div className="field field-grow">
              <label htmlFor={`${id}-name`}>{t('settings.shopName')}</label>
              <input
                ref={shop.key === firstTraining ? trainingName : undefined}
                id={`${id}-name`}
                autoComplete="off"
                value={shop.name}
                aria-invalid={nameProblem !== undefined}
                aria-describedby={`${id}-name-problem`}
                onChange={(event) => edit(shop.key, { name: event.target.value })}
              />
              <p id={`${id}-name-problem`} className="field-error">
                {nameProblem}
              </p>
            </div>
            <button
              type="button"
              className="button-quiet"
              disabled={shops.length === 1}
              onClick={() => onChange(shops.filter((other) => other.key !== shop.key))}
            >
              {t('settings.removeShop', { id: shop.id })}
            </button>
          </div>
        );
      })}
      <button type="button" onClick={onAdd}>
        {t('settings.addShop')}
      </button>
    </fieldset>
  );
}
