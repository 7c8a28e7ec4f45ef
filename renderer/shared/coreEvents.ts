import { bindHeadOffice } from '../headoffice/state.ts';
import { appApi, deskApi } from './api.ts';
import { useAppState } from './state/appState.ts';
import { useConnection } from './state/connection.ts';
import { useDesk } from './state/desk.ts';
import { useLookupAnswers } from './state/lookupAnswers.ts';
import { useUpdateOffer } from './state/updateOffer.ts';

/** Subscribes before the first request, so no push from the core can slip between load and listen. */
export function bindCoreEvents(): void {
  const { accept, setConnectivity } = useAppState.getState();
  appApi.onAppChanged((app) => void accept({ ok: true, value: app }));
  appApi.onConnectivityChanged(setConnectivity);
  appApi.onLookupAnswered(useLookupAnswers.getState().add);
  deskApi.onDeskChanged((desk) => void useDesk.getState().accept({ ok: true, value: desk }));
  appApi.onUpdateReady(useUpdateOffer.getState().offer);
  appApi.onCoreConnection(({ state }) => {
    useConnection.getState().receive(state);
    // Back after a restart: what the desk shows is read again (a push may have been missed).
    if (state === 'connected') {
      void useAppState.getState().load();
      void useDesk.getState().load();
    }
  });
  bindHeadOffice();
}
