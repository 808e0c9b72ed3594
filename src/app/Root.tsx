import { Container } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { MAIN_ID } from '../components/LanguageTabs.tsx';
import { SiteHeader } from '../components/SiteHeader.tsx';
import { UntilHydrated } from '../components/UntilHydrated.tsx';
import { LocaleProvider } from './locale.tsx';
import { RouteFocus } from './RouteFocus.tsx';
import { ScrollReset } from './ScrollReset.tsx';

/** Every route renders inside the language provider, between the site's header and footer. */
export default function Root() {
  return (
    <LocaleProvider>
      {/* Before the screens: its effects run before theirs (RouteFocus.tsx). */}
      <RouteFocus />
      {/* On a prerendered page the controls wait for the script (links work at once): typed text would
          not be sent, a native submit of the sign-in form would put the password in the address, and
          a language tab would do nothing. */}
      <UntilHydrated>
        <Container size="sm" py="lg">
          <SiteHeader />
          {/* At least a screen tall: the footer starts below the fold, so it does not jump down when the
            route's chunk or its data arrive (Lighthouse counted that as the page's layout shift). */}
          <main id={MAIN_ID} style={{ minHeight: '100vh' }}>
            <Outlet />
          </main>
          <SiteFooter />
        </Container>
      </UntilHydrated>
      <ScrollReset />
    </LocaleProvider>
  );
}
