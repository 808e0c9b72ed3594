/** What every story needs around it: Mantine, a router and the language provider (with ?lang=). */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { LocaleProvider } from '../../src/app/locale.tsx';
import type { Locale } from '../../src/engine/types.ts';

export function StoryFrame({ children, locale = 'en' }: { children: ReactNode; locale?: Locale }) {
  return (
    <MantineProvider>
      <MemoryRouter initialEntries={[`/?lang=${locale}`]}>
        <Routes>
          <Route path="*" element={<LocaleProvider>{children}</LocaleProvider>} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>
  );
}
