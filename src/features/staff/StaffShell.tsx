/**
 * The frame of every staff screen: a navigation bar (home, each service's list, the trash and, for
 * admins, the audit log and staff accounts) and sign-out, above the screen itself.
 */
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { registry } from '../../generated/registry.ts';
import { isAdmin } from './role.ts';
import { signOut } from './session.ts';

const link = (to: string, message: string, end = false) => (
  <Anchor key={to} component={NavLink} to={to} end={end} size="sm" style={({ isActive }: { isActive: boolean }) => ({ fontWeight: isActive ? 700 : 400 })}>
    <FormattedMessage id={message} />
  </Anchor>
);

export default function StaffShell() {
  const intl = useIntl();
  const navigate = useNavigate();
  const admin = isAdmin();
  return (
    <Stack>
      <Group component="nav" aria-label={intl.formatMessage({ id: 'staff.nav.label' })} gap="sm" justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" component="div">
          {link(paths.dashboard, 'staff.nav.dashboard', true)}
          {registry.services.map((s) => (
            <Anchor key={s.id} component={NavLink} to={s.admin.route} size="sm">
              <FormattedMessage id={s.admin.title} />
            </Anchor>
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
          onClick={() => {
            signOut();
            navigate(paths.signIn);
          }}
        >
          <FormattedMessage id="staff.signOut" />
        </Button>
      </Group>
      <Outlet />
    </Stack>
  );
}
