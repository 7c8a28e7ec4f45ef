import './zod-config.ts';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { App } from './App.tsx';
import { en } from './i18n/en.ts';
import { kk } from './i18n/kk.ts';
import { ru } from './i18n/ru.ts';
import './style.css';

const saved = localStorage.getItem('hq-language');
i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, ru: { translation: ru }, kk: { translation: kk } },
  lng: saved === 'ru' || saved === 'kk' ? saved : 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
});
document.documentElement.lang = i18next.language;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
