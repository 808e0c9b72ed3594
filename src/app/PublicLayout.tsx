import { Container } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { MAIN_ID } from '../components/LanguageTabs.tsx';
import { SiteFooter } from '../components/SiteFooter.tsx';
import { SiteHeader } from '../components/SiteHeader.tsx';

/** The public site's screens (and the staff sign-in): a column between the site's header and footer. */
export default function PublicLayout() {
  return (
    <Container size="sm" py="lg">
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold, so it does not jump down when the
        route's chunk or its data arrive (Lighthouse counted that as the page's layout shift). */}
      <main id={MAIN_ID} style={{ minHeight: '100vh' }}>
        <Outlet />
      </main>
      <SiteFooter />
    </Container>
  );
}
