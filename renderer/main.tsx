import './zodConfig.ts';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { followOperation } from './checkout/state/followOperation.ts';
import { initI18n } from './i18n/index.ts';
import { bindOperationPushes } from './operations/pushes.ts';
import { reportActivity } from './shared/activity.ts';
import { bindCoreEvents } from './shared/coreEvents.ts';
import { reportWindowErrors } from './shared/reportError.ts';
import { useAppState } from './shared/state/appState.ts';
import { useDesk } from './shared/state/desk.ts';

reportWindowErrors();
initI18n();
bindCoreEvents();
bindOperationPushes();
followOperation();
reportActivity();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void useAppState.getState().load();
void useDesk.getState().load();
