import type { OperationTypeValue } from '../../../common/contract.ts';

/**
 * The method last chosen at this desk, per shop and type: most payers at a counter pay the same way,
 * so the next checkout opens on the amount, after a restart too. It is a convenience of this window
 * and decides nothing about money (the core checks the method on every session), so it lives in the
 * window's own storage (the app's scheme is a standard one, which has it); where that storage is
 * refused, it lasts for this run only.
 */
const PREFIX = 'cashdesk.method.';
const fallback = new Map<string, string>();

const keyOf = (shopId: number, type: OperationTypeValue) => `${PREFIX}${shopId}.${type}`;

export const methodMemory = {
  get(shopId: number, type: OperationTypeValue): string | null {
    const key = keyOf(shopId, type);
    try {
      return localStorage.getItem(key) ?? fallback.get(key) ?? null;
    } catch {
      return fallback.get(key) ?? null;
    }
  },
  set(shopId: number, type: OperationTypeValue, methodId: string): void {
    const key = keyOf(shopId, type);
    fallback.set(key, methodId);
    try {
      localStorage.setItem(key, methodId);
    } catch {
      // Storage refused (full, or disabled): remembered for this run only.
    }
  },
};
