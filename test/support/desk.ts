// The agent's day for tests: the PINs they use, and Live set up the way a supervisor does it (a
// supervisor PIN, the desk's own terminal ID, Live, an operator, a shift).
import type { ChannelName, DrawerCount, Result, Settings } from '../../common/contract.ts';

export const SUPERVISOR_PIN = '73915286';
export const OPERATOR_PIN = '4826';
/** A second operator's: no two people at a desk share a PIN. */
export const SECOND_OPERATOR_PIN = '60418';

type Invoke = (channel: ChannelName, request: unknown) => Promise<Result<unknown>>;

export async function must<T>(invoke: Invoke, channel: ChannelName, request: unknown): Promise<T> {
  const result = await invoke(channel, request);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.kind}: ${result.error.message}`);
  return result.value as T;
}

/**
 * Live with a shift open: the supervisor PIN is set (which leaves the supervisor unlocked for the
 * settings that follow), the settings saved with a terminal ID of the desk's own, Live turned on,
 * the tokens given (before the shift: no token changes during one), an operator added, and their
 * shift opened. Returns the operator's id.
 */
export async function goLive(
  invoke: Invoke,
  settings: Omit<Settings, 'mode'>,
  options: { operator?: string; float?: DrawerCount; tokens?: { shopId: number; token: string }[] } = {},
): Promise<number> {
  await must(invoke, 'supervisor.setPin', { pin: SUPERVISOR_PIN });
  await must(invoke, 'settings.save', {
    ...settings,
    terminalId: settings.terminalId === 'T01' ? 'T07' : settings.terminalId,
    supervisorPin: SUPERVISOR_PIN,
  });
  await must(invoke, 'settings.setMode', { mode: 'live' });
  for (const { shopId, token } of options.tokens ?? []) {
    await must(invoke, 'settings.setToken', { shopId, token, supervisorPin: SUPERVISOR_PIN });
  }
  const operator = await must<{ id: number }>(invoke, 'operators.add', {
    name: options.operator ?? 'Aigerim',
    pin: OPERATOR_PIN,
  });
  await must(invoke, 'shift.open', {
    operatorId: operator.id,
    pin: OPERATOR_PIN,
    float: options.float ?? [],
  });
  return operator.id;
}

/**
 * From settings already saved under the supervisor: Live with the shop's token, Aigerim and Dana as
 * operators, the supervisor locked, and Aigerim's shift open on a KZT 20,000 float.
 */
export async function openTwoOperatorShift(
  invoke: Invoke,
  shop: { shopId: number; token: string },
): Promise<{ aigerim: { id: number }; dana: { id: number } }> {
  await must(invoke, 'settings.setMode', { mode: 'live' });
  await must(invoke, 'settings.setToken', { ...shop, supervisorPin: SUPERVISOR_PIN });
  const aigerim = await must<{ id: number }>(invoke, 'operators.add', { name: 'Aigerim', pin: OPERATOR_PIN });
  const dana = await must<{ id: number }>(invoke, 'operators.add', {
    name: 'Dana',
    pin: SECOND_OPERATOR_PIN,
  });
  await must(invoke, 'supervisor.lock', {});
  await must(invoke, 'shift.open', {
    operatorId: aigerim.id,
    pin: OPERATOR_PIN,
    float: [{ currency: 'KZT', total: '20000' }],
  });
  return { aigerim, dana };
}
