/**
 * One staff list for every service (registry: services[].admin): newest first (or stored order), a
 * page at a time from the server, every field of the card with a copy button, file links through
 * short-lived tokens, delete to trash (the server moves the record and its files there).
 */
import { Alert, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import type { ListResult, RecordModel } from 'pocketbase';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { pb } from '../../config/pocketbase.ts';
import type { ServiceEntry } from '../../engine/types.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { registry } from '../../generated/registry.ts';
import type { OutboxItem } from './MailStatus.tsx';
import { RecordCard } from './RecordCard.tsx';
import { isSessionError, signInPath, signOut } from './session.ts';
import { useFileToken } from './useFileToken.ts';

const PER_PAGE = 20;

/** The outbox entries of the records on screen, by record id (one request per page). */
async function mailOf(collection: string, records: RecordModel[]): Promise<Record<string, OutboxItem[]>> {
  if (records.length === 0) return {};
  const ids = records.map((r, i) => `record = {:r${i}}`).join(' || ');
  const params = Object.fromEntries(records.map((r, i) => [`r${i}`, r.id]));
  const items = await pb
    .collection(registry.outboxCollection)
    .getFullList<OutboxItem & { record: string }>({ filter: pb.filter(`sourceCollection = {:c} && (${ids})`, { c: collection, ...params }), sort: 'kind,created' });
  const byRecord: Record<string, OutboxItem[]> = {};
  for (const item of items) (byRecord[item.record] ??= []).push(item);
  return byRecord;
}

export default function AdminListPage({ service }: { service: ServiceEntry }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const card = service.admin;
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ListResult<RecordModel> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<RecordModel | null>(null);
  const [mail, setMail] = useState<Record<string, OutboxItem[]>>({});
  const isAdmin = pb.authStore.record?.role === 'admin';
  useDocumentTitle(intl.formatMessage({ id: card.title }));

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
  const token = useFileToken(
    card.fields.some((f) => f.display === 'file'),
    failed,
  );

  const load = useCallback(async () => {
    try {
      const result = await pb.collection(service.collection).getList(page, PER_PAGE, { sort: card.sort });
      // The last record of the last page was deleted: show the page before it.
      if (result.items.length === 0 && page > 1) return setPage((p) => Math.max(1, Math.min(p - 1, result.totalPages)));
      setList(result);
      setError(null);
      setMail(await mailOf(service.collection, result.items));
    } catch (err) {
      failed(err);
    }
  }, [service.collection, page, card.sort, failed]);

  useEffect(() => {
    void load();
  }, [load]);

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
      await load();
    } catch (err) {
      failed(err, 'admin.deleteFailed');
    }
  };

  return (
    <Stack>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={1} size="h2">
          <FormattedMessage id={card.title} />
        </Title>
        <Button
          variant="subtle"
          style={{ flexShrink: 0 }}
          onClick={() => {
            signOut();
            navigate(paths.signIn);
          }}
        >
          <FormattedMessage id="staff.signOut" />
        </Button>
      </Group>
      <div role="status">
        {notice && (
          <Alert color="green" withCloseButton onClose={() => setNotice(null)} closeButtonLabel={intl.formatMessage({ id: 'admin.cancel' })} role="none">
            {notice}
          </Alert>
        )}
      </div>
      {error && <Alert color="red">{error}</Alert>}
      {!list && !error && <Loader aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      {list && (
        <Text c="dimmed">
          <FormattedMessage id="admin.total" values={{ count: list.totalItems }} />
        </Text>
      )}
      {list?.items.length === 0 && (
        <Text>
          <FormattedMessage id="admin.empty" />
        </Text>
      )}
      {list?.items.map((record) => (
        <RecordCard
          key={record.id}
          record={record}
          card={card}
          forms={service.forms}
          fileUrl={(name) => pb.files.getURL(record, name, { token })}
          onDelete={() => setConfirming(record)}
          mail={{ items: mail[record.id] ?? [], canResend: isAdmin, onResend: resend }}
          payments={service.payments}
        />
      ))}
      {list && list.totalPages > 1 && (
        <Group justify="space-between" component="nav" aria-label={intl.formatMessage({ id: 'admin.page' }, { page, pages: list.totalPages })}>
          <Button variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            <FormattedMessage id="admin.previous" />
          </Button>
          <Text size="sm">
            <FormattedMessage id="admin.page" values={{ page, pages: list.totalPages }} />
          </Text>
          <Button variant="default" disabled={page >= list.totalPages} onClick={() => setPage((p) => p + 1)}>
            <FormattedMessage id="admin.next" />
          </Button>
        </Group>
      )}
      <Modal opened={!!confirming} onClose={() => setConfirming(null)} title={intl.formatMessage({ id: 'admin.delete' })} centered>
        <Stack>
          <Text>
            <FormattedMessage id="admin.confirmDelete" />
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              <FormattedMessage id="admin.cancel" />
            </Button>
            <Button color="red.9" onClick={() => confirming && void remove(confirming)}>
              <FormattedMessage id="admin.confirm" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
