import { shiftApi } from '../api.ts';

/**
 * The currencies a new shift's float is counted in: those the last shift's drawer was counted in
 * (the cash still in it), or on a desk's first shift the currency of the shop's first cash
 * method. The agent adds or removes others on the screen.
 */
export async function floatCurrencies(shopId: number): Promise<string[]> {
  const listed = await shiftApi.list({ limit: 1 });
  const last = listed.ok ? listed.value.shifts[0] : undefined;
  if (last?.closedAt) {
    const z = await shiftApi.zReport({ shiftId: last.id });
    const counted = z.ok ? z.value.counted.map((line) => line.currency) : [];
    if (counted.length > 0) return counted;
  }
  const methods = await shiftApi.methods({ shopId, operationType: 'payin' });
  if (!methods.ok) return [];
  const first = methods.value.find((method) => method.instrumentType === 'cash') ?? methods.value[0];
  return first ? [first.currency] : [];
}
