/** The preview iframe (studio/preview.html): the site's renderer on the studio's draft. */
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PreviewApp } from './PreviewApp.tsx';

// Mantine's stylesheet keys its colours on the scheme <html> names (the site's index.html names it too).
document.documentElement.setAttribute('data-mantine-color-scheme', 'light');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PreviewApp />
  </StrictMode>,
);
