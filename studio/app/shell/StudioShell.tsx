/**
 * The studio's frame: a header with its name and language menu, a navigation of the services, and the
 * screen of the route. The navigation collapses behind a burger on a narrow window.
 */
import { Alert, AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { useCatalogue } from '../catalogue/CatalogueContext.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';

export function StudioShell({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { services, error } = useCatalogue();
  const { pathname } = useLocation();
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap" gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={intl.formatMessage({ id: opened ? 'app.nav.close' : 'app.nav.open' })} aria-expanded={opened} aria-controls="studio-nav" />
            <Text component={Link} to="/" fw={700} size="lg" c="inherit" td="none">
              Formwork Studio
            </Text>
          </Group>
          <LanguageMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" id="studio-nav" aria-label={intl.formatMessage({ id: 'app.nav.label' })} component="nav">
        <ScrollArea>
          <NavLink component={Link} to="/" label={intl.formatMessage({ id: 'app.nav.all' })} active={pathname === '/'} aria-current={pathname === '/' ? 'page' : undefined} onClick={close} />
          {services.map((service) => {
            const to = `/services/${service.id}`;
            const current = pathname === to;
            return <NavLink key={service.id} component={Link} to={to} label={service.id} active={current} aria-current={current ? 'page' : undefined} onClick={close} />;
          })}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        {error && (
          <Alert color="red" role="alert" mb="md" title={intl.formatMessage({ id: 'app.catalogueError' })}>
            {error}
          </Alert>
        )}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
