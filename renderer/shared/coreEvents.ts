import { appApi } from './api.ts';
import { acceptAppState, useAppState } from './state/appState.ts';
import { useLookupAnswers } from './state/lookupAnswers.ts';

/** Subscribes before the first request, so no push from the core can slip between load and listen. */
export function bindCoreEvents(): void {
  appApi.onAppChanged((app) => void acceptAppState({ ok: true, value: app }));
  appApi.onConnectivityChanged((connectivity) => useAppState.getState().setConnectivity(connectivity));
  appApi.onLookupAnswered((result) => useLookupAnswers.getState().add(result));
}

export async function loadAppState(): Promise<void> {
  const result = await appApi.getState();
  if (!result.ok) {
    useAppState.getState().setStartError(result.error.message);
    return;
  }
  await acceptAppState(result);
}
