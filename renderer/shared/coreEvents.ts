import { useCheckout } from '../checkout/state/checkout.ts';
import { acceptAppState, useAppState } from './state/appState.ts';
import { useLookupAnswers } from './state/lookupAnswers.ts';

/** Subscribes before the first request, so no push from the core can slip between load and listen. */
export function bindCoreEvents(): void {
  const api = window.cashdesk;
  api.on('app.changed', (app) => void acceptAppState({ ok: true, value: app }));
  api.on('connectivity.changed', (connectivity) => useAppState.getState().setConnectivity(connectivity));
  api.on('operation.changed', (view) => useCheckout.getState().operationChanged(view));
  api.on('lookup.answered', (result) => useLookupAnswers.getState().add(result));
}

export async function loadAppState(): Promise<void> {
  const result = await window.cashdesk.app.getState({});
  if (!result.ok) {
    useAppState.getState().setStartError(result.error.message);
    return;
  }
  await acceptAppState(result);
}
