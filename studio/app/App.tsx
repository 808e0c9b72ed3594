/**
 * The studio app: its language, Mantine with the site's theme, the project's catalogue, and the routes —
 * the services (/) and the editor of one (/services/:id).
 */
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { cssVariablesResolver, theme } from '../../src/app/theme.ts';
import { CatalogueProvider } from './catalogue/CatalogueContext.tsx';
import { EditorPage } from './editor/EditorPage.tsx';
import { StudioIntl } from './intl.tsx';
import { ServicesPage } from './services/ServicesPage.tsx';
import { StudioShell } from './shell/StudioShell.tsx';

/** What every screen of the studio needs around it (also what a component test wraps a screen in). */
export function StudioProviders({ children }: { children: ReactNode }) {
  return (
    <StudioIntl>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
        {children}
      </MantineProvider>
    </StudioIntl>
  );
}

export function StudioRoutes() {
  return (
    <StudioShell>
      <Routes>
        <Route path="/" element={<ServicesPage />} />
        <Route path="/services/:id" element={<EditorPage />} />
      </Routes>
    </StudioShell>
  );
}

export function App() {
  return (
    <StudioProviders>
      <CatalogueProvider>
        <StudioRoutes />
      </CatalogueProvider>
    </StudioProviders>
  );
}
