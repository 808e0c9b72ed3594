/**
 * The frame of every staff screen, full width and apart from the public site's header and footer: a
 * header (the product's name, the staff member's language, sign-out), a side navigation grouped by
 * service (each list with its count of new applications), then the trash and, for admins, the audit
 * log, staff accounts, data retention and the server's status; on a narrow screen the navigation folds behind a burger.
 */
import { AppShell, Badge, Burger, Button, Group, Menu, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Link, useIsCurrent } from '../../app/Link.tsx';
import { MAIN_ID } from '../../components/LanguageTabs.tsx';
import { paths } from '../../config/paths.ts';
import { pb } from '../../config/pocketbase.ts';
import { registry } from '../../generated/registry.ts';
import { isAdmin } from './role.ts';
import { endSession } from './session.ts';
import { useStaffLanguage } from './staffLanguage.ts';
import './staffShell.css';

interface Counts {
  services: { collection: string; new: number }[];
}

/** New applications per list (GET /api/formwork/dashboard), again on every change of screen. */
function useNewCounts(): Record<string, number> {
  const { pathname } = useLocation();
  const [counts, setCounts] = useState<Record<string, number>>({});
  useEffect(() => {
    let live = true;
    pb.send<Counts>('/api/formwork/dashboard', { requestKey: null }).then(
      (c) => live && setCounts(Object.fromEntries(c.services.map((s) => [s.collection, s.new]))),
      () => undefined, // the counts are a convenience: the screen says itself what failed
    );
    return () => {
      live = false;
    };
  }, [pathname]);
  return counts;
}

/** A link of the navigation; the screen shown is marked for assistive technology and in bold. */
function NavItem({ to, end = false, label, badge, onNavigate }: { to: string; end?: boolean; label: ReactNode; badge?: ReactNode; onNavigate: () => void }) {
  const current = useIsCurrent(to, end);
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      rightSection={badge}
      active={current}
      fw={current ? 700 : 400}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

/**
 * A labelled group of the navigation's links. Not a heading: the screen's <h1> comes after the
 * navigation, and a heading before it would start the page's outline one level too deep.
 */
function NavGroup({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div role="group" aria-labelledby={id}>
      <Text id={id} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
        {label}
      </Text>
      {children}
    </div>
  );
}

function LanguageMenu() {
  const intl = useIntl();
  const { locale, choose } = useStaffLanguage();
  const current = intl.formatMessage({ id: `lang.${locale}` });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" aria-label={`${intl.formatMessage({ id: 'lang.label' })}: ${current}`} lang={locale}>
          {current}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {registry.languages.map((l) => (
          <Menu.Item key={l} lang={l} onClick={() => void choose(l)} fw={l === locale ? 700 : 400} aria-current={l === locale ? 'true' : undefined}>
            {intl.formatMessage({ id: `lang.${l}` })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export default function StaffShell() {
  const intl = useIntl();
  const navigate = useNavigate();
  const admin = isAdmin();
  const [signingOut, setSigningOut] = useState(false);
  const [opened, { toggle, close }] = useDisclosure(false);
  const counts = useNewCounts();
  // Below the navbar's breakpoint (sm) it slides over the screen when opened; folded, it is hidden.
  const narrow = useMediaQuery('(max-width: 47.99em)');
  const t = (id: string) => intl.formatMessage({ id });
  const item = (to: string, message: string, end = false) => <NavItem key={to} to={to} end={end} label={t(message)} onNavigate={close} />;
  return (
    // No sliding: with a transition, a window narrowed past the breakpoint kept the old padding for a
    // moment and the screen's content spilled past its edge (and the folded navigation only hides).
    <AppShell header={{ height: 56 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md" transitionDuration={0}>
      <AppShell.Header>
        <a className="skip-link" href={`#${MAIN_ID}`}>
          <FormattedMessage id="staff.skip" />
        </a>
        <Group h="100%" px="md" gap="xs" justify="space-between" wrap="nowrap">
          {/* The name gives way (cut short) before the controls do, on a narrow screen. */}
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t(opened ? 'staff.nav.close' : 'staff.nav.open')}
              aria-expanded={opened}
            />
            <Text component="span" fw={700} truncate>
              {registry.site.company.name}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <LanguageMenu />
            <Button
              variant="subtle"
              size="compact-sm"
              loading={signingOut}
              onClick={() => {
                setSigningOut(true);
                void endSession().then(() => navigate(paths.signIn));
              }}
            >
              <FormattedMessage id="staff.signOut" />
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('staff.nav.label')} className="staff-navbar" data-folded={narrow && !opened ? true : undefined}>
        <ScrollArea type="auto">
          {item(paths.dashboard, 'staff.nav.dashboard', true)}
          <NavGroup id="staff-nav-services" label={t('staff.nav.services')}>
            {registry.services.map((s) => {
              const fresh = counts[s.collection] ?? 0;
              return (
                <NavItem
                  key={s.id}
                  to={s.admin.route}
                  label={t(s.admin.title)}
                  onNavigate={close}
                  badge={
                    fresh > 0 ? (
                      <>
                        {/* Read as "…applications, 3 new applications", not run together with the name. */}
                        <span className="sr-only">, </span>
                        <Badge size="sm" variant="filled" color="blue.9" data-testid="nav-new" data-collection={s.collection}>
                          {fresh}
                          <span className="sr-only"> {intl.formatMessage({ id: 'staff.nav.new' }, { count: fresh })}</span>
                        </Badge>
                      </>
                    ) : undefined
                  }
                />
              );
            })}
          </NavGroup>
          <NavGroup id="staff-nav-manage" label={t('staff.nav.manage')}>
            {item(paths.trash, 'staff.nav.trash')}
            {admin && item(paths.audit, 'staff.nav.audit')}
            {admin && item(paths.staff, 'staff.nav.staff')}
            {admin && item(paths.retention, 'staff.nav.retention')}
            {admin && item(paths.serverStatus, 'staff.nav.status')}
          </NavGroup>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
