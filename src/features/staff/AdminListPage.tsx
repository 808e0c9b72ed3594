/**
 * One staff list for every service (registry: services[].admin) as a work queue: a table of a page of
 * records from the server (columns of admin.ui.json, sorted by a column, filtered by search text, dates,
 * status and assignee, all kept in the URL so a view can be bookmarked); new submissions announced as
 * they arrive; each reference a link to the application's own page. Admins also select rows and act on
 * them (status, assignee, trash with undo, export of the selection); everyone exports the filtered list.
 */
import { Alert, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import type { ListResult, RecordModel } from 'pocketbase';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { pb } from '../../config/pocketbase.ts';
import type { ServiceEntry } from '../../engine/types.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { assign, changeStatus, failures, moveToTrash, restore, type BulkResult } from './bulkActions.ts';
import { BulkBar, type BulkAction } from './BulkBar.tsx';
import { downloadCsv } from './exportCsv.ts';
import { ListFilters } from './ListFilters.tsx';
import { fieldsOf, sortableFields } from './listColumns.ts';
import { exportParams, listFilter, readListQuery, showsNewest, sortOf, writeListQuery, type ListQuery } from './listQuery.ts';
import { bulkTargets } from './listWorkflow.ts';
import { isAdmin } from './role.ts';
import { isSessionError, signInPath, signOut } from './session.ts';
import { useStaffDirectory } from './work/useStaffDirectory.ts';
import { StaffTable } from './StaffTable.tsx';
import { useArrivals } from './useArrivals.ts';

/** How long a move to the trash can be undone from the list. */
const UNDO_MS = 8000;

/** What the last bulk action did: how many records it changed, which it did not and why. */
interface Outcome {
  kind: 'status' | 'assign' | 'trash' | 'restore';
  done: number;
  failed: { reference: string; reason: string }[];
  /** A move to the trash, while it can be undone: the trash entries it made. */
  undo?: string[];
  /** When it was reported (which outcome this is). */
  at: number;
}

export default function AdminListPage({ service }: { service: ServiceEntry }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The list's own part of the address: another parameter changing (the language) is no new view to load.
  const view = writeListQuery(readListQuery(params)).toString();
  const query = useMemo(() => readListQuery(new URLSearchParams(view)), [view]);
  const card = service.admin;
  const { columns } = card;
  const { workflow } = service;
  const sortable = useMemo(() => sortableFields(columns), [columns]);
  const staff = useStaffDirectory();
  const me = pb.authStore.record?.id ?? '';
  /** The page on screen, and the view (the address's list query) it is of. */
  const [shown, setShown] = useState<{ view: string; list: ListResult<RecordModel> } | null>(null);
  const list = shown?.list ?? null;
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmExport, setConfirmExport] = useState(false);
  const [selected, setSelected] = useState<RecordModel[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const admin = isAdmin();
  const sensitive = card.fields.some((f) => f.display === 'masked');
  const { arrived, reset, loading } = useArrivals(service.collection);
  const title = intl.formatMessage({ id: card.title });
  useDocumentTitle(title);

  const setQuery = useCallback((next: ListQuery) => setParams((prev) => writeListQuery(next, prev)), [setParams]);
  /** The list's part of the address, carried to a record's page (its way back, its previous and next). */
  const search = writeListQuery(query, params).toString();
  const pageOf = useCallback((id: string) => `${card.route}/${encodeURIComponent(id)}${search ? `?${search}` : ''}`, [card.route, search]);

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

  /** Only the newest request's answer is shown: a slower, older one (the search before the last key) may come back after it. */
  const latest = useRef(0);
  const load = useCallback(async () => {
    const request = ++latest.current;
    const arrivalsShown = loading();
    try {
      const { expr, params: values } = listFilter(query, card.search, workflow.statuses, me);
      const result = await pb.collection(service.collection).getList(query.page, query.per, {
        sort: sortOf(query, card.sort, sortable),
        filter: expr ? pb.filter(expr, values) : '',
        fields: fieldsOf(columns),
        requestKey: null,
      });
      if (request !== latest.current) return;
      // The last record of the last page was deleted: show the page before it.
      if (result.items.length === 0 && query.page > 1 && result.totalPages > 0)
        return setQuery({ ...query, page: Math.min(query.page - 1, result.totalPages) });
      startTransition(() => {
        setShown({ view, list: result });
        setError(null);
        // A selection is of rows on screen: rows gone from it (another page, a filter) are no longer selected.
        setSelected((prev) => prev.filter((r) => result.items.some((i) => i.id === r.id)));
      });
      // The newest records are on screen: what arrived before this load is no longer news.
      if (showsNewest(query, sortOf(query, card.sort, sortable))) arrivalsShown();
    } catch (err) {
      if (request === latest.current) failed(err);
    }
  }, [service.collection, query, view, card.sort, card.search, workflow.statuses, me, sortable, columns, failed, loading, setQuery]);

  useEffect(() => {
    void load();
  }, [load]);

  const showArrivals = () => {
    reset();
    if (query.page === 1) void load();
    else setQuery({ ...query, page: 1 });
  };

  const exportList = async (clear: boolean, ids?: string[]) => {
    setConfirmExport(false);
    try {
      await downloadCsv(service.collection, exportParams(query, intl.locale, clear, { me, ids }));
      setNotice(intl.formatMessage({ id: 'staff.export.done' }));
    } catch (err) {
      failed(err, 'staff.export.failed');
    }
  };

  const referenceOf = (id: string) => String(list?.items.find((r) => r.id === id)?.reference || id);
  /** Why a record was refused: the server's code in the staff member's language when there is a text for it. */
  const reason = (result: Extract<BulkResult, { ok: false }>) => {
    const key = `staff.bulk.code.${result.code}`;
    return key in intl.messages ? intl.formatMessage({ id: key }) : result.message;
  };
  const report = (kind: Outcome['kind'], results: BulkResult[]): Outcome => ({
    at: Date.now(),
    kind,
    done: results.filter((r) => r.ok).length,
    failed: failures(results).map((r) => ({ reference: referenceOf(r.id), reason: reason(r) })),
  });

  // The bar (and the button pressed) is gone once nothing is selected: the focus goes to what the action
  // did, to the Undo button when it offers one, rather than to nothing.
  const outcomeRef = useRef<HTMLDivElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  // Once per outcome (not again when its Undo expires), once its buttons are enabled.
  const focusedOutcome = useRef<Outcome['at']>(0);
  useEffect(() => {
    if (!outcome || busy || selected.length > 0 || focusedOutcome.current === outcome.at) return;
    focusedOutcome.current = outcome.at;
    (undoRef.current ?? outcomeRef.current)?.focus();
  }, [outcome, busy, selected.length]);

  /** The undo of a move to the trash is offered for a few seconds, then the notice stays without it. */
  useEffect(() => {
    if (!outcome?.undo) return;
    const timer = window.setTimeout(() => setOutcome((o) => o && { ...o, undo: undefined }), UNDO_MS);
    return () => window.clearTimeout(timer);
  }, [outcome?.undo]);

  const act = async (action: BulkAction) => {
    const ids = selected.map((r) => r.id);
    if (action.kind === 'export') return exportList(false, ids);
    setBusy(true);
    setOutcome(null);
    try {
      const results =
        action.kind === 'status'
          ? await changeStatus(service.collection, ids, action.status)
          : action.kind === 'assign'
            ? await assign(service.collection, ids, action.assignee)
            : await moveToTrash(service.collection, ids);
      const next = report(action.kind, results);
      const trashed = results.flatMap((r) => (r.ok && r.trash ? [r.trash] : []));
      setOutcome(action.kind === 'trash' && trashed.length > 0 ? { ...next, undo: trashed } : next);
      // What failed stays selected, to try again or to look at.
      setSelected((prev) => prev.filter((r) => results.some((x) => x.id === r.id && !x.ok)));
      await load();
    } catch (err) {
      failed(err, 'staff.bulk.error');
    } finally {
      setBusy(false);
    }
  };

  const undo = async (trashIds: string[]) => {
    setBusy(true);
    try {
      const results = await restore(trashIds);
      setOutcome(report('restore', results));
      await load();
    } catch (err) {
      failed(err, 'staff.bulk.error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          {title}
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
      <ListFilters query={query} onChange={setQuery} statuses={workflow.statuses} staff={staff} />
      <div role="status">
        {notice && (
          <Alert
            color="green"
            withCloseButton
            onClose={() => setNotice(null)}
            closeButtonLabel={intl.formatMessage({ id: 'admin.cancel' })}
            // A 24 px target (WCAG 2.5.8); Mantine draws the close button at 20.
            styles={{ closeButton: { width: 24, height: 24, minWidth: 24, minHeight: 24 } }}
            role="none"
          >
            {notice}
          </Alert>
        )}
        {outcome && (
          <Alert color={outcome.failed.length > 0 ? 'yellow' : 'green'} role="none" data-testid="bulk-outcome" ref={outcomeRef} tabIndex={-1}>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">
                <FormattedMessage id={`staff.bulk.done.${outcome.kind}`} values={{ count: outcome.done }} />
              </Text>
              {outcome.undo && (
                <Button ref={undoRef} size="compact-sm" variant="light" disabled={busy} onClick={() => outcome.undo && void undo(outcome.undo)}>
                  <FormattedMessage id="staff.bulk.undo" />
                </Button>
              )}
            </Group>
            {outcome.failed.length > 0 && (
              <>
                <Text size="sm" mt="xs">
                  <FormattedMessage id="staff.bulk.failed" values={{ count: outcome.failed.length }} />
                </Text>
                <List size="sm" data-testid="bulk-failures">
                  {outcome.failed.map((f) => (
                    <List.Item key={f.reference}>
                      <Text span ff="monospace" size="sm">
                        {f.reference}
                      </Text>
                      : {f.reason}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
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
      {!list && !error && <Loader role="progressbar" aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      {list && (
        <Text c="dimmed" data-testid="list-total">
          <FormattedMessage id="admin.total" values={{ count: list.totalItems }} />
        </Text>
      )}
      {admin && selected.length > 0 && (
        <BulkBar
          count={selected.length}
          statuses={bulkTargets(workflow)}
          staff={staff}
          me={me}
          busy={busy}
          onAction={(action) => void act(action)}
          onClear={() => setSelected([])}
        />
      )}
      {list && (
        <StaffTable
          service={service}
          columns={columns}
          records={list.items}
          total={list.totalItems}
          query={query}
          onQuery={setQuery}
          fetching={!error && shown?.view !== view}
          workflow={workflow}
          staff={staff}
          pageOf={pageOf}
          onOpen={(id) => navigate(pageOf(id))}
          selection={admin ? { selected, onChange: setSelected } : undefined}
          label={title}
        />
      )}
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
