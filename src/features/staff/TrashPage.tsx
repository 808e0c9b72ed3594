/**
 * The trash (/admin/trash): deleted applications, newest deletion first, a page at a time from the
 * server, each shown with its list's own staff card (labels, display, file links through a token).
 * Admins restore an entry to its list or delete it for good (after a confirm); viewers only read.
 * The server masks sensitive values in the stored record and purges old entries by itself.
 */
import { Alert, Anchor, Box, Button, Card, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import type { ListResult, RecordModel } from 'pocketbase';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '../../app/Link.tsx';
import { paths } from '../../config/paths.ts';
import { pb } from '../../config/pocketbase.ts';
import type { ServiceEntry } from '../../engine/types.ts';
import { registry } from '../../generated/registry.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { onCard } from './cardValues.ts';
import { FieldValue } from './FieldValue.tsx';
import { FilesValue } from './FilesValue.tsx';
import { GroupValue } from './GroupValue.tsx';
import { isAdmin } from './role.ts';
import { isSessionError, signInPath, signOut } from './session.ts';
import { useFileToken } from './useFileToken.ts';
import { Pager } from './Pager.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

const PER_PAGE = 20;

/** A trash entry as the server answers it (record: the deleted record, sensitive values masked). */
interface TrashEntry extends RecordModel {
  topic: string;
  key: string;
  sourceCollection: string;
  record: Record<string, unknown> | null;
  files: string[];
  deletedBy: string;
  created: string;
}

/** The service a trashed record came from (the registry carries no topic: its collection says it). */
const serviceOf = (collection: string): ServiceEntry | undefined => registry.services.find((s) => s.collection === collection);

/** PocketBase's "2025-01-02 10:11:12.345Z" as a Date every browser reads. */
const pbDate = (value: string): Date => new Date(value.replace(' ', 'T'));

type Notice = { text: string; link?: { to: string; label: string } };

export default function TrashPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const topic = serviceOf(params.get('list') ?? '') ? (params.get('list') as string) : '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [list, setList] = useState<ListResult<TrashEntry> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirming, setConfirming] = useState<TrashEntry | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const admin = isAdmin();
  useDocumentTitle(intl.formatMessage({ id: 'staff.nav.trash' }));

  /** Changes the filter or page in the URL, keeping the rest of it (the language). */
  const setQuery = useCallback(
    (next: { list?: string; page?: number }) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next.list !== undefined) {
            if (next.list) p.set('list', next.list);
            else p.delete('list');
          }
          const nextPage = next.page ?? 1;
          if (nextPage > 1) p.set('page', String(nextPage));
          else p.delete('page');
          return p;
        },
        { replace: false },
      ),
    [setParams],
  );

  /** A lost session goes back to sign-in (and returns here); anything else is said on the page. */
  const failed = useCallback(
    (err: unknown, message = 'staff.trash.loadFailed') => {
      if (isSessionError(err)) {
        signOut();
        navigate(signInPath(paths.trash, true), { replace: true });
      } else setError(intl.formatMessage({ id: message }));
    },
    [navigate, intl],
  );
  const files = useFileToken(!!list?.items.some((e) => e.files?.length > 0), failed);
  const token = files.token;

  /** Only the newest request's answer is shown (a slower, older one may come back after it). */
  const latest = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);
  // The state is set in the answer's callbacks: the effect below only starts the request.
  const load = useCallback(() => {
    const request = ++latest.current;
    const filter = topic ? pb.filter('sourceCollection = {:c}', { c: topic }) : '';
    return pb
      .collection(registry.trashCollection)
      .getList<TrashEntry>(page, PER_PAGE, { sort: '-created', filter })
      .then(
        (result) => {
          if (request !== latest.current) return;
          // The last entry of the last page went: show the page before it.
          if (result.items.length === 0 && page > 1) return setQuery({ page: Math.max(1, Math.min(page - 1, result.totalPages)) });
          setList(result);
          setError(null);
        },
        (err: unknown) => {
          if (request === latest.current) failed(err);
        },
      );
  }, [topic, page, failed, setQuery]);

  useEffect(() => {
    void load();
  }, [load]);

  const title = (service: ServiceEntry | undefined, entry: TrashEntry) =>
    service ? intl.formatMessage({ id: service.admin.title }) : intl.formatMessage({ id: 'staff.trash.unknownList' }, { collection: entry.sourceCollection });

  const restore = async (entry: TrashEntry) => {
    setBusy(entry.id);
    setNotice(null);
    try {
      const res = await pb.send<{ collection: string; id: string }>(`/api/formwork/trash/${encodeURIComponent(entry.id)}/restore`, { method: 'POST' });
      const service = serviceOf(res.collection);
      const name = title(service, entry);
      setNotice({
        text: intl.formatMessage({ id: 'staff.trash.restored' }, { list: name }),
        link: service && { to: service.admin.route, label: intl.formatMessage({ id: 'staff.trash.openList' }, { list: name }) },
      });
      setList((prev) => prev && { ...prev, items: prev.items.filter((e) => e.id !== entry.id), totalItems: prev.totalItems - 1 });
      // The entry and its buttons are gone: the focus goes to the top of the screen, not to <body>.
      heading.current?.focus();
      await load();
    } catch (err) {
      failed(err, (err as { status?: number }).status === 400 ? 'staff.trash.restoreConflict' : 'staff.trash.restoreFailed');
    } finally {
      setBusy(null);
    }
  };

  const purge = async (entry: TrashEntry) => {
    setConfirming(null);
    setBusy(entry.id);
    setNotice(null);
    try {
      await pb.collection(registry.trashCollection).delete(entry.id);
      setNotice({ text: intl.formatMessage({ id: 'staff.trash.purged' }) });
      setList((prev) => prev && { ...prev, items: prev.items.filter((e) => e.id !== entry.id), totalItems: prev.totalItems - 1 });
      heading.current?.focus();
      await load();
    } catch (err) {
      failed(err, 'staff.trash.purgeFailed');
      heading.current?.focus(); // the dialog gave it back to nothing; the error shows under the title
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack>
      <Title order={1} size="h2" tabIndex={-1} ref={heading}>
        <FormattedMessage id="staff.nav.trash" />
      </Title>
      <Text size="sm" c="dimmed">
        <FormattedMessage id="staff.trash.retention" />
      </Text>
      <NativeSelect
        label={intl.formatMessage({ id: 'staff.trash.filter' })}
        value={topic}
        onChange={(e) => setQuery({ list: e.currentTarget.value })}
        data={[
          { value: '', label: intl.formatMessage({ id: 'staff.trash.allLists' }) },
          ...registry.services.map((s) => ({ value: s.collection, label: intl.formatMessage({ id: s.admin.title }) })),
        ]}
        style={{ maxWidth: 360 }}
      />
      <div role="status">
        {notice && (
          <Alert color="green" withCloseButton onClose={() => setNotice(null)} closeButtonLabel={intl.formatMessage({ id: 'admin.cancel' })} role="none">
            {notice.text}
            {notice.link && (
              <>
                {' '}
                <Anchor component={Link} to={notice.link.to} data-testid="restored-link">
                  {notice.link.label}
                </Anchor>
              </>
            )}
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
        <Text c="dimmed">
          <FormattedMessage id="staff.trash.total" values={{ count: list.totalItems }} />
        </Text>
      )}
      {list?.items.length === 0 && (
        <Text>
          <FormattedMessage id="staff.trash.empty" />
        </Text>
      )}
      {list?.items.map((entry) => {
        const service = serviceOf(entry.sourceCollection);
        const record = entry.record ?? {};
        const files = new Set(entry.files ?? []);
        const submitted =
          typeof record.created === 'string' && record.created ? intl.formatDate(pbDate(record.created), { dateStyle: 'medium', timeStyle: 'short' }) : '';
        return (
          <Card
            key={entry.id}
            withBorder
            padding="md"
            component="article"
            data-testid="trash-entry"
            data-key={entry.key}
            data-collection={entry.sourceCollection}
          >
            <Stack gap={6}>
              <Text fw={600} size="sm">
                <FormattedMessage id="staff.trash.from" values={{ list: title(service, entry) }} />
              </Text>
              <Text size="xs" c="dimmed">
                <FormattedMessage
                  id="staff.trash.deletedAt"
                  values={{ date: intl.formatDate(pbDate(entry.created), { dateStyle: 'medium', timeStyle: 'short' }) }}
                />
                {submitted && (
                  <>
                    {' · '}
                    <FormattedMessage id="admin.submitted" values={{ date: submitted }} />
                  </>
                )}
              </Text>
              {service && (
                <Box component="dl" m={0} style={{ display: 'grid', gap: 4 }}>
                  {service.admin.fields.map((field) => {
                    const raw = record[field.name];
                    if (!onCard(field, raw)) return null;
                    if (field.display === 'group') return <GroupValue key={field.name} field={field} value={raw} />;
                    if (field.display === 'files') {
                      // A link only to a file the trash still holds (they travel with the entry).
                      const url = (name: string) => (files.has(name) && token ? pb.files.getURL(entry, name, { token }) : undefined);
                      return <FilesValue key={field.name} field={field} value={raw} fileUrl={url} />;
                    }
                    const value = Array.isArray(raw) ? raw.join(', ') : String(raw ?? '');
                    // A file link only where the trash holds that file (it travels with the entry).
                    const fileUrl = field.display === 'file' && value && files.has(value) && token ? pb.files.getURL(entry, value, { token }) : undefined;
                    return <FieldValue key={field.name} field={field} value={value} fileUrl={fileUrl} preview={false} />;
                  })}
                </Box>
              )}
              {admin && (
                <Group justify="flex-end">
                  {service && (
                    <Button variant="outline" loading={busy === entry.id} onClick={() => void restore(entry)}>
                      <FormattedMessage id="staff.trash.restore" />
                    </Button>
                  )}
                  <Button color="red.9" variant="outline" disabled={busy === entry.id} onClick={() => setConfirming(entry)}>
                    <FormattedMessage id="staff.trash.purge" />
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        );
      })}
      {list && <Pager page={page} pages={list.totalPages} onPage={(p) => setQuery({ page: p })} />}
      {admin && (
        <ConfirmDialog
          opened={!!confirming}
          title={intl.formatMessage({ id: 'staff.trash.purge' })}
          cancelLabel={intl.formatMessage({ id: 'admin.cancel' })}
          confirmLabel={intl.formatMessage({ id: 'staff.trash.purge' })}
          onCancel={() => setConfirming(null)}
          onConfirm={() => confirming && void purge(confirming)}
          confirmMovesFocus
        >
          <FormattedMessage id="staff.trash.confirmPurge" />
        </ConfirmDialog>
      )}
    </Stack>
  );
}
