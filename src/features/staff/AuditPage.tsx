/**
 * The audit log (/admin/audit, admins only): every audited staff act (delete, restore, purge, reveal,
 * export, staff changes), newest first, a page at a time from the server, filtered by action.
 * The server shows viewers an empty list anyway; here they are told the log is for admins.
 */
import { Alert, Box, Loader, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import type { ListResult, RecordModel } from 'pocketbase';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { pb } from '../../config/pocketbase.ts';
import { registry } from '../../generated/registry.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { isAdmin } from './role.ts';
import { isSessionError, signInPath, signOut } from './session.ts';
import { Pager } from './Pager.tsx';

const PER_PAGE = 50;

/** PocketBase's "2025-01-02 10:11:12.345Z" as a Date every browser reads. */
const pbDate = (value: string): Date => new Date(value.replace(' ', 'T'));

/** The audited acts (the auditlog collection's "action" values); each has staff.audit.action.<value>. */
const AUDIT_ACTIONS = ['delete', 'restore', 'purge', 'reveal', 'export', 'staff', 'account-link', 'cancel'] as const;
type AuditAction = (typeof AUDIT_ACTIONS)[number];

interface AuditEntry extends RecordModel {
  action: AuditAction;
  actor: string;
  actorEmail: string;
  sourceCollection: string;
  record: string;
  field: string;
  detail: string;
  /** Where an act without a staff account came from (an applicant's cancellation through their link). */
  ip: string;
  userAgent: string;
  created: string;
}

export default function AuditPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'staff.nav.audit' }));
  return (
    <Stack>
      <Title order={1} size="h2">
        <FormattedMessage id="staff.nav.audit" />
      </Title>
      {isAdmin() ? (
        <AuditLog />
      ) : (
        <Alert color="gray" data-testid="audit-admins-only">
          <FormattedMessage id="staff.audit.adminsOnly" />
        </Alert>
      )}
    </Stack>
  );
}

function AuditLog() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const action = (AUDIT_ACTIONS as readonly string[]).includes(params.get('action') ?? '') ? (params.get('action') as AuditAction) : '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [list, setList] = useState<ListResult<AuditEntry> | null>(null);
  const [error, setError] = useState(false);

  /** Changes the filter or page in the URL, keeping the rest of it (the language). */
  const setQuery = (next: { action?: string; page?: number }) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (next.action !== undefined) {
        if (next.action) p.set('action', next.action);
        else p.delete('action');
      }
      if ((next.page ?? 1) > 1) p.set('page', String(next.page));
      else p.delete('page');
      return p;
    });

  useEffect(() => {
    // Only the newest request's answer is shown (a slower, older one may come back after it).
    let live = true;
    const filter = action ? pb.filter('action = {:a}', { a: action }) : '';
    pb.collection(registry.auditCollection)
      .getList<AuditEntry>(page, PER_PAGE, { sort: '-created', filter })
      .then(
        (result) => {
          if (!live) return;
          setList(result);
          setError(false);
        },
        (err: unknown) => {
          if (!live) return;
          if (isSessionError(err)) {
            signOut();
            navigate(signInPath(paths.audit, true), { replace: true });
          } else setError(true);
        },
      );
    return () => {
      live = false;
    };
  }, [action, page, navigate]);

  const when = (value: string) => intl.formatDate(pbDate(value), { dateStyle: 'medium', timeStyle: 'medium' });
  const actionLabel = (a: string) => ((AUDIT_ACTIONS as readonly string[]).includes(a) ? intl.formatMessage({ id: `staff.audit.action.${a}` }) : a);

  /** The list an entry is about, by its title (staff accounts for the staff collection). */
  const listName = (collection: string) => {
    if (!collection) return '';
    if (collection === registry.staffCollection) return intl.formatMessage({ id: 'staff.nav.staff' });
    const service = registry.services.find((s) => s.collection === collection);
    return service ? intl.formatMessage({ id: service.admin.title }) : collection;
  };
  /** Field names as the list's card labels them (an export names several, comma-separated). */
  const fieldNames = (collection: string, fields: string) => {
    const card = registry.services.find((s) => s.collection === collection)?.admin;
    return fields
      .split(',')
      .filter(Boolean)
      .map((name) => {
        const field = card?.fields.find((f) => f.name === name);
        return field ? intl.formatMessage({ id: field.label }) : name;
      })
      .join(', ');
  };

  return (
    <Stack>
      <NativeSelect
        label={intl.formatMessage({ id: 'staff.audit.filter' })}
        value={action}
        onChange={(e) => setQuery({ action: e.currentTarget.value })}
        data={[{ value: '', label: intl.formatMessage({ id: 'staff.audit.allActions' }) }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))]}
        style={{ maxWidth: 320 }}
      />
      {error && <Alert color="red">{intl.formatMessage({ id: 'staff.audit.loadFailed' })}</Alert>}
      {!list && !error && <Loader role="progressbar" aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      {list && (
        <Text c="dimmed">
          <FormattedMessage id="staff.audit.total" values={{ count: list.totalItems }} />
        </Text>
      )}
      {list?.items.length === 0 && (
        <Text>
          <FormattedMessage id="staff.audit.empty" />
        </Text>
      )}
      {list && list.items.length > 0 && (
        // Wide on a phone: the table scrolls sideways, and the keyboard can scroll it too.
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={intl.formatMessage({ id: 'staff.audit.caption' })}>
          <Table striped verticalSpacing="xs" miw={640} captionSide="top" data-testid="audit-table">
            <Table.Caption>
              <FormattedMessage id="staff.audit.caption" />
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <FormattedMessage id="staff.audit.when" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="staff.audit.who" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="staff.audit.action" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="staff.audit.what" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="staff.audit.details" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.items.map((entry) => (
                <Table.Tr key={entry.id} data-testid="audit-entry" data-action={entry.action} data-record={entry.record}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={pbDate(entry.created).toISOString()}>{when(entry.created)}</time>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{entry.actorEmail || <FormattedMessage id="staff.audit.noActor" />}</Table.Td>
                  <Table.Td>{actionLabel(entry.action)}</Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      {entry.sourceCollection && <Text size="sm">{listName(entry.sourceCollection)}</Text>}
                      {entry.record && (
                        <Text size="xs" c="dimmed">
                          <FormattedMessage id="staff.audit.record" values={{ id: entry.record }} />
                        </Text>
                      )}
                      {entry.field && (
                        <Text size="xs" c="dimmed">
                          <FormattedMessage id="staff.audit.field" values={{ field: fieldNames(entry.sourceCollection, entry.field) }} />
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>
                    <Text size="xs">{entry.detail}</Text>
                    {(entry.ip || entry.userAgent) && (
                      <Text size="xs" c="dimmed" data-testid="audit-origin">
                        <FormattedMessage id="staff.audit.origin" values={{ ip: entry.ip || '—', userAgent: entry.userAgent || '—' }} />
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      {list && <Pager page={page} pages={list.totalPages} onPage={(p) => setQuery({ page: p })} />}
    </Stack>
  );
}
