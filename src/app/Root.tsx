import { Container } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { MAIN_ID } from '../components/LanguageTabs.tsx';
import { SiteHeader } from '../components/SiteHeader.tsx';
import { LocaleProvider } from './locale.tsx';
import { ScrollReset } from './ScrollReset.tsx';

/** Every route renders inside the language provider, between the site's header and footer. */
export default function Root() {
  return (
    <LocaleProvider>
      <Container size="sm" py="lg">
        <SiteHeader />
        {/* At least a screen tall: the footer starts below the fold, so it does not jump down when the
            route's chunk or its data arrive (Lighthouse counted that as the page's layout shift). */}
        <main id={MAIN_ID} style={{ minHeight: '100vh' }}>
          <Outlet />
        </main>
        <SiteFooter />
      </Container>
      <ScrollReset />
    </LocaleProvider>
  );
}
