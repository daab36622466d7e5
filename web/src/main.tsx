import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { initialLanguage, loadCatalogue } from './i18n/i18n.js';
import './styles.css';

// Load the reader's catalogue first, so a pt-BR reader never sees English flash by.
void loadCatalogue(initialLanguage()).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
