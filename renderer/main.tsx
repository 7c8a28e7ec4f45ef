import './zodConfig.ts';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { followOperation } from './checkout/state/followOperation.ts';
import { initI18n } from './i18n/index.ts';
import { bindCoreEvents, loadAppState } from './shared/coreEvents.ts';

initI18n();
bindCoreEvents();
followOperation();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void loadAppState();
