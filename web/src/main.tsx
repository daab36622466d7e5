import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { loadCatalogue } from './i18n/i18n.js';
import { initialLanguage } from './i18n/language.js';
import './styles.css';

// Load the reader's catalogue first, so a pt-BR reader never sees English flash by.
void loadCatalogue(initialLanguage()).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
