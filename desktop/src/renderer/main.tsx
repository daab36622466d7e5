import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DesktopApp } from './DesktopApp.js';
import './desktop.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DesktopApp bridge={window.stakedesk} />
  </StrictMode>,
);
