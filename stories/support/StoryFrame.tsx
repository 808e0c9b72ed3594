/**
 * What every story needs around it: the site's Mantine theme (as the site wraps its routes), a router
 * and the language provider (with ?lang=). A form story sits at its own route, so values a form takes
 * from the route (/success/:amount) are there.
 */
import '../../src/app/mantineStyles.ts';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { LocaleProvider, MessagePart } from '../../src/app/locale.tsx';
import { SiteProviders } from '../../src/app/SiteProviders.tsx';
import { STAFF_PART } from '../../shared/messageParts.ts';
import type { Locale } from '../../src/engine/types.ts';

// The site's page names Mantine's colour scheme on <html> (index.html), which Mantine's stylesheet keys its
// colours on; Storybook's page is not the site's.
if (typeof document !== 'undefined') document.documentElement.setAttribute('data-mantine-color-scheme', 'light');

interface Props {
  children: ReactNode;
  locale?: Locale;
  /** The route pattern the story renders at, and the address it opens. */
  route?: string;
  path?: string;
}

export function StoryFrame({ children, locale = 'en', route = '*', path = '/' }: Props) {
  return (
    <SiteProviders>
      {/* A new language is a new address (?lang=), which a memory router takes only when it is made. */}
      <MemoryRouter key={locale} initialEntries={[`${path}?lang=${locale}`]}>
        <Routes>
          <Route
            path={route}
            element={
              // Stories show forms and staff cards alike, so the staff console's texts come along.
              <LocaleProvider>
                <MessagePart name={STAFF_PART}>{children}</MessagePart>
              </LocaleProvider>
            }
          />
        </Routes>
      </MemoryRouter>
    </SiteProviders>
  );
}
