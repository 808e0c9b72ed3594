/**
 * Data retention (admins): the privacy policy's periods, and what the daily retention job would do now
 * (GET /api/formwork/retention/report, a dry run that changes nothing), list by list: how many
 * applications lose which fields, how many go for good, how many files and e-mails with them, since when.
 * An admin may run it at once (POST /api/formwork/retention/run, after a confirm); each change is in the
 * audit log. The server refuses viewers anyway; here they are told the report is for admins.
 * See pb_hooks/lib/retention.js and docs/retention.md.
 */
import { Alert, Box, Button, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { pb } from '../../config/pocketbase.ts';
import { registry } from '../../generated/registry.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { isAdmin } from './role.ts';
import { isSessionError, signInPath, signOut } from './session.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

interface Section {
  collection: string;
  kind: 'service' | 'trash' | 'outbox' | 'signatures';
  clear: { count: number; fields: Record<string, number> };
  delete: { count: number };
  files: number;
  oldest: string;
}

export interface RetentionReport {
  dryRun: boolean;
  at: string;
  schedule: string;
  policy: { default: number; categories: Record<string, number>; signatureYears: number };
  collections: Section[];
  totals: { cleared: number; deleted: number; files: number; emails: number; notes: number; signatures: number };
  logs: { maxDays: number; days: number; withinPolicy: boolean };
}

/** PocketBase's "2025-01-02 10:11:12.345Z" as a Date every browser reads. */
const pbDate = (value: string): Date => new Date(value.replace(' ', 'T'));

export default function RetentionPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'staff.nav.retention' }));
  return (
    <Stack>
      <Title order={1} size="h2">
        <FormattedMessage id="staff.nav.retention" />
      </Title>
      <Text>
        <FormattedMessage id="staff.retention.intro" />
      </Text>
      {isAdmin() ? (
        <Retention />
      ) : (
        <Alert color="gray" data-testid="retention-admins-only">
          <FormattedMessage id="staff.retention.adminsOnly" />
        </Alert>
      )}
    </Stack>
  );
}

function Retention() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [report, setReport] = useState<RetentionReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);

  const failed = useCallback(
    (err: unknown, message: string) => {
      if (isSessionError(err)) {
        signOut();
        navigate(signInPath(location.pathname, true), { replace: true });
      } else setError(intl.formatMessage({ id: message }));
    },
    [navigate, location.pathname, intl],
  );

  // The state is set in the answer's callbacks: the effect below only starts the request.
  const load = useCallback(
    () =>
      pb.send<RetentionReport>('/api/formwork/retention/report', {}).then(
        (fresh) => {
          setReport(fresh);
          setError(null);
        },
        (err: unknown) => failed(err, 'staff.retention.loadFailed'),
      ),
    [failed],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const run = async () => {
    setConfirming(false);
    setRunning(true);
    setNotice(null);
    try {
      const done = await pb.send<RetentionReport>('/api/formwork/retention/run', { method: 'POST' });
      setNotice(intl.formatMessage({ id: 'staff.retention.done' }, done.totals));
      await load();
    } catch (err) {
      failed(err, 'staff.retention.runFailed');
    } finally {
      setRunning(false);
    }
  };

  const when = (value: string) => (value ? intl.formatDate(pbDate(value), { dateStyle: 'medium' }) : '');
  const listName = (s: Section) => {
    if (s.kind === 'trash') return intl.formatMessage({ id: 'staff.nav.trash' });
    if (s.kind === 'outbox') return intl.formatMessage({ id: 'admin.mail.label' });
    if (s.kind === 'signatures') return intl.formatMessage({ id: 'staff.retention.signatures' });
    const service = registry.services.find((x) => x.collection === s.collection);
    return service ? intl.formatMessage({ id: service.admin.title }) : s.collection;
  };
  /** A field by its card label, else its form label, else its name. */
  const fieldName = (collection: string, name: string) => {
    const service = registry.services.find((x) => x.collection === collection);
    const keys = [service?.admin.fields.find((f) => f.name === name)?.label, service && `service.${service.id}.fields.${name}.label`, `fields.${name}.label`];
    const key = keys.find((k): k is string => !!k && k in intl.messages);
    return key ? intl.formatMessage({ id: key }) : name;
  };
  const due = report ? report.collections.filter((s) => s.clear.count > 0 || s.delete.count > 0) : [];
  const anything = !!report && (report.totals.cleared > 0 || report.totals.deleted > 0 || report.totals.emails > 0 || report.totals.signatures > 0);

  return (
    <Stack>
      {report && (
        <>
          <List size="sm" data-testid="retention-policy">
            <List.Item>
              <FormattedMessage id="staff.retention.policyDefault" values={{ days: report.policy.default }} />
            </List.Item>
            {Object.entries(report.policy.categories).map(([category, days]) => (
              <List.Item key={category}>
                <FormattedMessage id="staff.retention.policyCategory" values={{ category, days }} />
              </List.Item>
            ))}
            <List.Item>
              <FormattedMessage id="staff.retention.policySignatures" values={{ years: report.policy.signatureYears }} />
            </List.Item>
          </List>
          {report.schedule === 'off' ? (
            <Alert color="orange" data-testid="retention-paused">
              <FormattedMessage id="staff.retention.paused" />
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="staff.retention.schedule" values={{ cron: report.schedule }} />
            </Text>
          )}
          <Text size="sm" c={report.logs.withinPolicy ? 'dimmed' : 'red.9'}>
            <FormattedMessage id={report.logs.withinPolicy ? 'staff.retention.logs' : 'staff.retention.logsTooLong'} values={report.logs} />
          </Text>
        </>
      )}
      <div role="status">
        {notice && (
          <Alert color="green" withCloseButton onClose={() => setNotice(null)} closeButtonLabel={intl.formatMessage({ id: 'admin.cancel' })} role="none">
            {notice}
          </Alert>
        )}
      </div>
      {error && <Alert color="red">{error}</Alert>}
      {!report && !error && <Loader role="progressbar" aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      {report && (
        <Title order={2} size="h3">
          <FormattedMessage id="staff.retention.dueNow" values={{ date: intl.formatDate(pbDate(report.at), { dateStyle: 'medium', timeStyle: 'short' }) }} />
        </Title>
      )}
      {report && !anything && (
        <Text data-testid="retention-nothing-due">
          <FormattedMessage id="staff.retention.nothingDue" />
        </Text>
      )}
      {report && due.length > 0 && (
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={intl.formatMessage({ id: 'staff.retention.caption' })}>
          <Table striped verticalSpacing="xs" miw={640} captionSide="top" data-testid="retention-table">
            <Table.Caption>
              <FormattedMessage id="staff.retention.caption" />
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {['list', 'clear', 'delete', 'files', 'oldest'].map((c) => (
                  <Table.Th key={c} scope="col">
                    <FormattedMessage id={`staff.retention.column.${c}`} />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {due.map((s) => (
                <Table.Tr key={s.collection} data-testid="retention-row" data-collection={s.collection}>
                  <Table.Td>{listName(s)}</Table.Td>
                  <Table.Td>
                    {s.clear.count > 0 && (
                      <Stack gap={0}>
                        <Text size="sm">
                          <FormattedMessage id="staff.retention.records" values={{ count: s.clear.count }} />
                        </Text>
                        <Text size="xs" c="dimmed">
                          {Object.entries(s.clear.fields)
                            .map(([name, count]) => intl.formatMessage({ id: 'staff.retention.fieldCount' }, { field: fieldName(s.collection, name), count }))
                            .join(', ')}
                        </Text>
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>{s.delete.count > 0 && <FormattedMessage id="staff.retention.records" values={{ count: s.delete.count }} />}</Table.Td>
                  <Table.Td>{s.files > 0 ? s.files : ''}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(s.oldest)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      {report && anything && (
        <Group justify="flex-end">
          <Button color="red.9" loading={running} onClick={() => setConfirming(true)} data-testid="retention-run">
            <FormattedMessage id="staff.retention.run" />
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title={intl.formatMessage({ id: 'staff.retention.run' })}
        cancelLabel={intl.formatMessage({ id: 'admin.cancel' })}
        confirmLabel={intl.formatMessage({ id: 'staff.retention.run' })}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void run()}
      >
        <FormattedMessage id="staff.retention.confirm" />
      </ConfirmDialog>
    </Stack>
  );
}
