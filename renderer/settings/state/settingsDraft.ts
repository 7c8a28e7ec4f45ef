import type { TFunction } from 'i18next';
import { Settings } from '../../../common/contract.ts';
import type { Language } from '../../../common/enums.ts';

/** Keyed, so a row keeps its fields and focus while its ID is edited or a row above is removed. */
export type ShopDraft = { key: number; id: string; name: string };

/** The settings form as typed, before it is checked. */
export type SettingsDraft = {
  gatewayUrl: string;
  shops: ShopDraft[];
  terminalId: string;
  language: Language;
  kiosk: boolean;
  /** Empty: updates off. */
  updateUrl: string;
};

/** Problems keyed by the schema's path ("gatewayUrl", "shops.0.id"), in the agent's language. */
export type Problems = Record<string, string>;

export function draftOf(settings: Settings): SettingsDraft {
  return {
    gatewayUrl: settings.gatewayUrl ?? '',
    shops: settings.shops.map((shop, key) => ({ key, id: String(shop.id), name: shop.name })),
    terminalId: settings.terminalId,
    language: settings.language,
    kiosk: settings.kiosk,
    updateUrl: settings.updateUrl ?? '',
  };
}

/** The contract's own schema decides, and one more rule it cannot see: no shop ID twice. */
export function checkDraft(
  draft: SettingsDraft,
  mode: Settings['mode'],
  t: TFunction,
): { ok: true; settings: Settings } | { ok: false; problems: Problems } {
  const candidate = {
    mode,
    gatewayUrl: draft.gatewayUrl.trim() || null,
    shops: draft.shops.map((shop) => ({ id: Number(shop.id), name: shop.name })),
    terminalId: draft.terminalId.trim(),
    language: draft.language,
    kiosk: draft.kiosk,
    updateUrl: draft.updateUrl.trim() || null,
  };
  const parsed = Settings.safeParse(candidate);
  const problems: Problems = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems[issue.path.join('.')] = problemText(issue.path, t);
  }
  candidate.shops.forEach((shop, index) => {
    if (candidate.shops.findIndex((other) => other.id === shop.id) !== index) {
      problems[`shops.${index}.id`] = t('settings.shopIdDuplicate');
    }
  });
  if (!parsed.success || Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, settings: parsed.data };
}

function problemText(path: PropertyKey[], t: TFunction): string {
  const [field, , part] = path;
  if (field === 'gatewayUrl') return t('settings.gatewayUrlHint');
  if (field === 'terminalId') return t('settings.terminalIdHint');
  if (field === 'updateUrl') return t('settings.updateUrlHint');
  if (field === 'shops' && part === 'id') return t('settings.shopIdInvalid');
  if (field === 'shops' && part === 'name') return t('settings.shopNameInvalid');
  return t('settings.shopsInvalid');
}
