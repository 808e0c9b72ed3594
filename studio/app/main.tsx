/**
 * The studio app's entry, loaded by studio/index.html into its #root. Mantine's whole stylesheet: the
 * studio is a local tool, where the site's per-component sheets (src/app/mantineStyles.ts) buy nothing.
 */
import '@mantine/core/styles.css';
import '../../src/theme/focusRing.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
