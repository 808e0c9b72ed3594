/**
 * The frame of every staff screen: a navigation bar (home, each service's list, the trash and, for
 * admins, the audit log and staff accounts) and sign-out, above the screen itself.
 */
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useState, type ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { Link, useIsCurrent } from '../../app/Link.tsx';
import { paths } from '../../config/paths.ts';
import { registry } from '../../generated/registry.ts';
import { isAdmin } from './role.ts';
import { endSession } from './session.ts';

/** A link of the bar; the screen shown is marked for assistive technology and in bold. */
function NavItem({ to, end = false, children }: { to: string; end?: boolean; children: ReactNode }) {
  const current = useIsCurrent(to, end);
  return (
    <Anchor component={Link} to={to} size="sm" fw={current ? 700 : 400} aria-current={current ? 'page' : undefined}>
      {children}
    </Anchor>
  );
}

const link = (to: string, message: string, end = false) => (
  <NavItem key={to} to={to} end={end}>
    <FormattedMessage id={message} />
  </NavItem>
);

export default function StaffShell() {
  const intl = useIntl();
  const navigate = useNavigate();
  const admin = isAdmin();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <Stack>
      <Group component="nav" aria-label={intl.formatMessage({ id: 'staff.nav.label' })} gap="sm" justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" component="div">
          {link(paths.dashboard, 'staff.nav.dashboard', true)}
          {registry.services.map((s) => (
            <NavItem key={s.id} to={s.admin.route}>
              <FormattedMessage id={s.admin.title} />
            </NavItem>
          ))}
          {link(paths.trash, 'staff.nav.trash')}
          {admin && link(paths.audit, 'staff.nav.audit')}
          {admin && link(paths.staff, 'staff.nav.staff')}
          {admin && link(paths.retention, 'staff.nav.retention')}
        </Group>
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ flexShrink: 0 }}
          loading={signingOut}
          onClick={() => {
            setSigningOut(true);
            void endSession().then(() => navigate(paths.signIn));
          }}
        >
          <FormattedMessage id="staff.signOut" />
        </Button>
      </Group>
      <Outlet />
    </Stack>
  );
}
