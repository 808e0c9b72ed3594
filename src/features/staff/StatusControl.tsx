/**
 * An application's place in the workflow (site.json "statuses"): its status for everyone, a change
 * with an optional note for admins (POST /api/formwork/status/…), and the history of changes on request.
 */
import { Badge, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pb } from '../../config/pocketbase.ts';
import { contract } from '../../generated/contract.ts';
import { registry } from '../../generated/registry.ts';

interface HistoryEntry {
  id: string;
  from: string;
  to: string;
  byEmail: string;
  note: string;
  created: string;
}

/** What the statuses mean (site.json "statusMeanings"), as the server enforces it (pb_hooks/status.pb.js). */
const { all: STATUSES, initial: INITIAL, final: FINAL, cancelled: CANCELLED, colors: COLOR } = contract.statuses;


interface Props {
  collection: string;
  recordId: string;
  status: string;
  canChange: boolean;
  onChanged: (status: string) => void;
  onError: (err: unknown, message: string) => void;
}

export function StatusControl({ collection, recordId, status, canChange, onChanged, onError }: Props) {
  const intl = useIntl();
  const current = status || INITIAL;
  const [next, setNext] = useState(current);
  // A reload brought another status (another admin's change): the choice starts from it again, so a
  // save never quietly moves the application back.
  const [choiceFrom, setChoiceFrom] = useState(current);
  if (choiceFrom !== current) {
    setChoiceFrom(current);
    setNext(current);
  }
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [history, setHistory] = useState<HistoryEntry[] | null>(null);
  const label = (s: string) => intl.formatMessage({ id: `status.${s}` });

  const loadHistory = async () => {
    try {
      setHistory(
        await pb
          .collection(registry.historyCollection)
          .getFullList<HistoryEntry>({ filter: pb.filter('sourceCollection = {:c} && record = {:r}', { c: collection, r: recordId }), sort: 'created' }),
      );
    } catch (err) {
      onError(err, 'admin.loadFailed');
    }
  };

  const save = async () => {
    setBusy(true);
    try {
      await pb.send(`/api/formwork/status/${encodeURIComponent(collection)}/${encodeURIComponent(recordId)}`, { method: 'POST', body: { status: next, note } });
      setNote('');
      onChanged(next);
      if (history) await loadHistory();
    } catch (err) {
      // The server says why: the applicant's cancellation period has not ended yet.
      const code = (err as { response?: { data?: { status?: { code?: string } } } }).response?.data?.status?.code;
      onError(err, code === 'cancellation_period' ? 'staff.status.cancellationPeriod' : 'staff.status.failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={6} data-testid="status" data-status={current}>
      <Group gap="xs">
        <Text size="sm" fw={600} component="span">
          <FormattedMessage id="staff.status.label" />
        </Text>
        <Badge color={(COLOR as Record<string, string>)[current] ?? 'gray.7'} variant="outline">
          {label(current)}
        </Badge>
        <Button variant="subtle" size="compact-xs" onClick={() => (history ? setHistory(null) : void loadHistory())} aria-expanded={!!history}>
          <FormattedMessage id={history ? 'staff.status.hideHistory' : 'staff.status.showHistory'} />
        </Button>
      </Group>
      {history && (
        <Stack gap={2} component="ol" m={0} pl="md" aria-label={intl.formatMessage({ id: 'staff.status.history' })}>
          {history.length === 0 && (
            <Text size="xs" c="dimmed" component="li">
              <FormattedMessage id="staff.status.noHistory" />
            </Text>
          )}
          {history.map((h) => (
            <Text size="xs" component="li" key={h.id}>
              <FormattedMessage
                id="staff.status.change"
                values={{ date: intl.formatDate(h.created, { dateStyle: 'medium', timeStyle: 'short' }), from: label(h.from), to: label(h.to), by: h.byEmail }}
              />
              {h.note && ` — ${h.note}`}
            </Text>
          ))}
        </Stack>
      )}
      {canChange && !(FINAL as readonly string[]).includes(current) && (
        <Group gap="xs" align="flex-end">
          <NativeSelect
            size="xs"
            label={intl.formatMessage({ id: 'staff.status.change.label' })}
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            data={STATUSES.filter((s) => s !== CANCELLED).map((s) => ({ value: s, label: label(s) }))}
          />
          <TextInput
            size="xs"
            label={intl.formatMessage({ id: 'staff.status.note' })}
            value={note}
            maxLength={1000}
            onChange={(e) => setNote(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 140 }}
          />
          <Button size="xs" variant="light" loading={busy} disabled={next === current} onClick={() => void save()}>
            <FormattedMessage id="staff.status.save" />
          </Button>
        </Group>
      )}
    </Stack>
  );
}
