/**
 * One staff list for every service: newest first (or stored order), a page at a time from the server,
 * every field of the card with a copy button, file links through short-lived tokens, delete to trash.
 */
import { Alert, Button, Group, Loader, Modal, Pagination, Stack, Text, Title } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { pb } from '../../config/pocketbase.ts';
import { paths } from '../../config/paths.ts';
import type { ServiceEntry } from '../../engine/types.ts';
import { useDocumentTitle } from '../pages/useDocumentTitle.ts';
import { RecordCard } from './RecordCard.tsx';
import { isSessionError, signOut } from './session.ts';

const PER_PAGE = 20;

export default function AdminListPage({ service }: { service: ServiceEntry }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const card = service.admin;
  const [page, setPage] = useState(1);
  const [list, setList] = useState<{ items: RecordModel[]; totalItems: number; totalPages: number } | null>(null);
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<RecordModel | null>(null);
  useDocumentTitle(intl.formatMessage({ id: card.title }));

  const failed = useCallback(
    (err: unknown, message: string) => {
      if (isSessionError(err)) {
        signOut();
        navigate(`${paths.signIn}?expired=1&next=${encodeURIComponent(card.route)}`, { replace: true });
      } else setError(intl.formatMessage({ id: message }));
    },
    [navigate, card.route, intl],
  );

  const load = useCallback(async () => {
    try {
      const [result, fileToken] = await Promise.all([
        pb.collection(service.collection).getList(page, PER_PAGE, { sort: card.sort }),
        card.fields.some((f) => f.display === 'file') ? pb.files.getToken() : Promise.resolve(''),
      ]);
      setList(result);
      setToken(fileToken);
      setError(null);
    } catch (err) {
      failed(err, 'admin.loadFailed');
    }
  }, [service.collection, page, card, failed]);

  useEffect(() => {
    void load();
  }, [load]);

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
      <Group justify="space-between">
        <Title order={1} size="h2">
          <FormattedMessage id={card.title} />
        </Title>
        <Button
          variant="subtle"
          onClick={() => {
            signOut();
            navigate(paths.signIn);
          }}
        >
          <FormattedMessage id="staff.signOut" />
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {notice && (
          <Alert color="green" withCloseButton onClose={() => setNotice(null)} closeButtonLabel={intl.formatMessage({ id: 'admin.cancel' })}>
            {notice}
          </Alert>
        )}
      </div>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
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
          fileUrl={(name) => pb.files.getURL(record, name, { token })}
          onDelete={() => setConfirming(record)}
        />
      ))}
      {list && list.totalPages > 1 && (
        <Pagination
          total={list.totalPages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({
            'aria-label': intl.formatMessage({ id: control === 'previous' ? 'admin.previous' : control === 'next' ? 'admin.next' : 'admin.page' }, { page, pages: list.totalPages }),
          })}
        />
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
            <Button color="red" onClick={() => confirming && void remove(confirming)}>
              <FormattedMessage id="admin.confirm" />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
