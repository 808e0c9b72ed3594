/**
 * The staff home (/admin): per service, how many applications there are, how many are new and how many
 * came this week; for admins, the maker of connected accounts' links (its own chunk: viewers never load it).
 */
import { Alert, Anchor, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Link } from '../../app/Link.tsx';
import { lazyScreen } from '../../app/lazyScreen.ts';
import { paths } from '../../config/paths.ts';
import { pb } from '../../config/pocketbase.ts';
import { registry } from '../../generated/registry.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { isAdmin } from './role.ts';
import { isSessionError, signInPath, signOut } from './session.ts';

const AccountLinkCard = lazyScreen(() => import('./AccountLinkCard.tsx')).Screen;

interface Counts {
  services: { collection: string; total: number; new: number; lastWeek: number }[];
  trash: number;
}

export default function DashboardPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [counts, setCounts] = useState<Counts | null>(null);
  const [error, setError] = useState(false);
  useDocumentTitle(intl.formatMessage({ id: 'staff.nav.dashboard' }));

  useEffect(() => {
    let live = true;
    pb.send<Counts>('/api/formwork/dashboard', {}).then(
      (c) => live && setCounts(c),
      (err: unknown) => {
        if (!live) return;
        if (isSessionError(err)) {
          signOut();
          navigate(signInPath(paths.dashboard, true), { replace: true });
        } else setError(true);
      },
    );
    return () => {
      live = false;
    };
  }, [navigate]);

  return (
    <Stack>
      <Title order={1} size="h2">
        <FormattedMessage id="staff.nav.dashboard" />
      </Title>
      {error && <Alert color="red">{intl.formatMessage({ id: 'admin.loadFailed' })}</Alert>}
      {!counts && !error && <Loader role="progressbar" aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      {counts && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {registry.services.map((service) => {
            const c = counts.services.find((s) => s.collection === service.collection);
            return (
              <Card key={service.id} withBorder component="li" data-testid="dashboard-service" data-collection={service.collection}>
                <Stack gap={4}>
                  <Anchor component={Link} to={service.admin.route} fw={600}>
                    <FormattedMessage id={service.admin.title} />
                  </Anchor>
                  <Text size="sm">
                    <FormattedMessage id="admin.total" values={{ count: c?.total ?? 0 }} />
                  </Text>
                  <Group gap="md">
                    <Anchor component={Link} to={`${service.admin.route}?status=${service.workflow.initial}`} size="sm" data-testid="dashboard-new">
                      <FormattedMessage id="staff.dashboard.new" values={{ count: c?.new ?? 0 }} />
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      <FormattedMessage id="staff.dashboard.lastWeek" values={{ count: c?.lastWeek ?? 0 }} />
                    </Text>
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      {counts && (
        <Anchor component={Link} to={paths.trash} size="sm">
          <FormattedMessage id="staff.dashboard.trash" values={{ count: counts.trash }} />
        </Anchor>
      )}
      {isAdmin() && (
        <Suspense fallback={null}>
          <AccountLinkCard />
        </Suspense>
      )}
    </Stack>
  );
}
