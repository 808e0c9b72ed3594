/**
 * One staff list for every service (registry: services[].admin): a page at a time from the server,
 * filtered by search text, dates and status (kept in the URL), in the card's order or newest/oldest
 * first; new submissions announced as they arrive; every field of the card with a copy button, file
 * links and image previews through short-lived tokens; and, for admins, status changes, audited
 * reveals of masked fields, delete to trash and the CSV export with sensitive fields in clear.
 */
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ListResult, RecordModel } from 'pocketbase';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { pb } from '../../config/pocketbase.ts';
import type { ServiceEntry } from '../../engine/types.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { registry } from '../../generated/registry.ts';
import { downloadCsv } from './exportCsv.ts';
import { ListFilters } from './ListFilters.tsx';
import { exportParams, listFilter, readListQuery, showsNewest, sortOf, writeListQuery, type ListQuery } from './listQuery.ts';
import type { OutboxItem } from './MailStatus.tsx';
import { RecordCard } from './RecordCard.tsx';
import { isAdmin } from './role.ts';
import { isSessionError, signInPath, signOut } from './session.ts';
import { useArrivals } from './useArrivals.ts';
import { useFileToken } from './useFileToken.ts';
import { Pager } from './Pager.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

const PER_PAGE = 20;

/** The outbox entries of the records on screen, by record id (one request per page). */
async function mailOf(collection: string, records: RecordModel[]): Promise<Record<string, OutboxItem[]>> {
  if (records.length === 0) return {};
  const ids = records.map((r, i) => `record = {:r${i}}`).join(' || ');
  const params = Object.fromEntries(records.map((r, i) => [`r${i}`, r.id]));
  const items = await pb
    .collection(registry.outboxCollection)
    .getFullList<OutboxItem & { record: string }>({
      filter: pb.filter(`sourceCollection = {:c} && (${ids})`, { c: collection, ...params }),
      sort: 'kind,created',
      // Only what MailStatus shows: each entry also holds its rendered e-mail (~25 KB), never shown here.
      fields: 'id,record,kind,to,status,sentAt,attempts',
    });
  const byRecord: Record<string, OutboxItem[]> = {};
  for (const item of items) (byRecord[item.record] ??= []).push(item);
  return byRecord;
}

export default function AdminListPage({ service }: { service: ServiceEntry }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readListQuery(params), [params]);
  const card = service.admin;
  const [list, setList] = useState<ListResult<RecordModel> | null>(null);
  /** When the list on screen was loaded: the cards judge cancel windows as of then. */
  const [loadedAt, setLoadedAt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<RecordModel | null>(null);
  const [confirmExport, setConfirmExport] = useState(false);
  const [mail, setMail] = useState<Record<string, OutboxItem[]>>({});
  const admin = isAdmin();
  const sensitive = card.fields.some((f) => f.display === 'masked');
  const { arrived, reset, loading } = useArrivals(service.collection);
  useDocumentTitle(intl.formatMessage({ id: card.title }));

  const setQuery = useCallback((next: ListQuery) => setParams((prev) => writeListQuery(next, prev)), [setParams]);
  const setPage = (page: number) => setQuery({ ...query, page });

  /** A lost session goes back to sign-in (and returns here); anything else is said on the page. */
  const failed = useCallback(
    (err: unknown, message = 'admin.loadFailed') => {
      if (isSessionError(err)) {
        signOut();
        navigate(signInPath(card.route, true), { replace: true });
      } else setError(intl.formatMessage({ id: message }));
    },
    [navigate, card.route, intl],
  );
  const files = useFileToken(
    card.fields.some((f) => f.display === 'file' || f.display === 'files'),
    failed,
  );
  const token = files.token;

  /** Only the newest request's answer is shown: a slower, older one (the search before the last key) may come back after it. */
  const latest = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const load = useCallback(async () => {
    const request = ++latest.current;
    const arrivalsShown = loading();
    try {
      const { expr, params: values } = listFilter(query, card.search, registry.statuses);
      const result = await pb
        .collection(service.collection)
        .getList(query.page, PER_PAGE, { sort: sortOf(query, card.sort), filter: expr ? pb.filter(expr, values) : '' });
      if (request !== latest.current) return;
      // The last record of the last page was deleted: show the page before it.
      if (result.items.length === 0 && query.page > 1 && result.totalPages > 0)
        return setQuery({ ...query, page: Math.min(query.page - 1, result.totalPages) });
      // The cards render as a transition: React yields to the browser every few milliseconds while it
      // builds a page of them, instead of one long task that holds a phone's main thread.
      const at = Date.now();
      startTransition(() => {
        setList(result);
        setLoadedAt(at);
        setError(null);
      });
      // The newest records are on screen: what arrived before this load is no longer news.
      if (showsNewest(query, card.sort)) arrivalsShown();
      const mailByRecord = await mailOf(service.collection, result.items);
      if (request !== latest.current) return;
      startTransition(() => setMail(mailByRecord));
    } catch (err) {
      if (request === latest.current) failed(err);
    }
  }, [service.collection, query, card.sort, card.search, failed, loading, setQuery]);

  useEffect(() => {
    void load();
  }, [load]);

  const showArrivals = () => {
    reset();
    if (query.page === 1) void load();
    else setPage(1);
  };

  const resend = async (id: string) => {
    try {
      await pb.send(`/api/formwork/outbox/${encodeURIComponent(id)}/resend`, { method: 'POST' });
      setNotice(intl.formatMessage({ id: 'admin.mail.resent' }));
      await load();
    } catch (err) {
      failed(err, 'admin.mail.resendFailed');
    }
  };

  const remove = async (record: RecordModel) => {
    setConfirming(null);
    try {
      await pb.collection(service.collection).delete(record.id);
      // Gone from the screen at once; the reload then refills the page from the server.
      setList((prev) => prev && { ...prev, items: prev.items.filter((r) => r.id !== record.id), totalItems: prev.totalItems - 1 });
      setNotice(intl.formatMessage({ id: card.deleted }));
      // The card and its button are gone: the focus goes to the top of the screen, not to <body>.
      heading.current?.focus();
      await load();
    } catch (err) {
      failed(err, 'admin.deleteFailed');
      heading.current?.focus(); // the dialog gave it back to nothing; the error shows under the title
    }
  };

  const reveal = (record: RecordModel) => async (field: string) => {
    try {
      const { value } = await pb.send<{ value: string }>(
        `/api/formwork/reveal/${encodeURIComponent(service.collection)}/${encodeURIComponent(record.id)}/${encodeURIComponent(field)}`,
        { method: 'POST' },
      );
      return value;
    } catch (err) {
      failed(err, 'staff.reveal.failed');
      throw err;
    }
  };

  const exportList = async (clear: boolean) => {
    setConfirmExport(false);
    try {
      await downloadCsv(service.collection, exportParams(query, intl.locale, clear));
      setNotice(intl.formatMessage({ id: 'staff.export.done' }));
    } catch (err) {
      failed(err, 'staff.export.failed');
    }
  };

  const statusChanged = (record: RecordModel) => (status: string) => {
    setList((prev) => prev && { ...prev, items: prev.items.map((r) => (r.id === record.id ? { ...r, status } : r)) });
    setNotice(intl.formatMessage({ id: 'staff.status.changed' }, { status: intl.formatMessage({ id: `status.${status}` }) }));
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2" tabIndex={-1} ref={heading}>
          <FormattedMessage id={card.title} />
        </Title>
        <Group gap="xs">
          <Button variant="default" size="sm" onClick={() => void exportList(false)}>
            <FormattedMessage id="staff.export" />
          </Button>
          {admin && sensitive && (
            <Button variant="default" size="sm" onClick={() => setConfirmExport(true)}>
              <FormattedMessage id="staff.export.clear" />
            </Button>
          )}
        </Group>
      </Group>
      <ListFilters query={query} onChange={setQuery} />
      <div role="status">
        {notice && (
          <Alert color="green" withCloseButton onClose={() => setNotice(null)} closeButtonLabel={intl.formatMessage({ id: 'admin.cancel' })} role="none">
            {notice}
          </Alert>
        )}
        {arrived > 0 && (
          <Alert color="blue" role="none" data-testid="arrivals">
            <Group justify="space-between">
              <FormattedMessage id="staff.arrived" values={{ count: arrived }} />
              <Button size="compact-sm" variant="light" onClick={showArrivals}>
                <FormattedMessage id="staff.arrived.show" />
              </Button>
            </Group>
          </Alert>
        )}
      </div>
      {error && <Alert color="red">{error}</Alert>}
      {files.failed && (
        <Alert color="yellow">
          <FormattedMessage id="admin.filesFailed" />
        </Alert>
      )}
      {!list && !error && <Loader role="progressbar" aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      {list && (
        <Text c="dimmed" data-testid="list-total">
          <FormattedMessage id="admin.total" values={{ count: list.totalItems }} />
        </Text>
      )}
      {list?.items.length === 0 && (
        <Text>
          <FormattedMessage id={query.q || query.from || query.to || query.status ? 'staff.filters.none' : 'admin.empty'} />
        </Text>
      )}
      {list?.items.map((record) => (
        <RecordCard
          key={record.id}
          record={record}
          card={card}
          forms={service.forms}
          // No link or preview before the file token has come: without it a protected file answers 404.
          fileUrl={(name) => (token ? pb.files.getURL(record, name, { token }) : '')}
          now={loadedAt}
          onDelete={admin ? () => setConfirming(record) : undefined}
          mail={{ items: mail[record.id] ?? [], canResend: admin, onResend: resend }}
          payments={service.payments}
          workflow={{ collection: service.collection, canChange: admin, onChanged: statusChanged(record), onError: failed }}
          reveal={admin ? reveal(record) : undefined}
          signedCopy={service.agreements ? { collection: service.collection, authorization: pb.authStore.token } : undefined}
        />
      ))}
      {list && <Pager page={query.page} pages={list.totalPages} onPage={setPage} />}
      <ConfirmDialog
        opened={!!confirming}
        title={intl.formatMessage({ id: 'admin.delete' })}
        cancelLabel={intl.formatMessage({ id: 'admin.cancel' })}
        confirmLabel={intl.formatMessage({ id: 'admin.confirm' })}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void remove(confirming)}
        confirmMovesFocus
      >
        <FormattedMessage id="admin.confirmDelete" />
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirmExport}
        title={intl.formatMessage({ id: 'staff.export.clear' })}
        cancelLabel={intl.formatMessage({ id: 'admin.cancel' })}
        confirmLabel={intl.formatMessage({ id: 'staff.export.clear.submit' })}
        onCancel={() => setConfirmExport(false)}
        onConfirm={() => void exportList(true)}
      >
        <FormattedMessage id="staff.export.clear.confirm" />
      </ConfirmDialog>
    </Stack>
  );
}
