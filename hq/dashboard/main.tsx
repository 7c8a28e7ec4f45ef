import './zod-config.ts';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { refusalsEn } from '../../common/i18n/refusals.en.ts';
import { refusalsKk } from '../../common/i18n/refusals.kk.ts';
import { refusalsRu } from '../../common/i18n/refusals.ru.ts';
import { App } from './App.tsx';
import { en } from './i18n/en.ts';
import { kk } from './i18n/kk.ts';
import { ru } from './i18n/ru.ts';
import './style.css';

const saved = localStorage.getItem('hq-language');
i18next.use(initReactI18next).init({
  // The refusal namespace is the server's reasons, kept by key in one catalogue with the desk's.
  resources: {
    en: { translation: en, refusal: refusalsEn },
    ru: { translation: ru, refusal: refusalsRu },
    kk: { translation: kk, refusal: refusalsKk },
  },
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
