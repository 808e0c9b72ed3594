/**
 * An application's place in its service's workflow (ServiceEntry.workflow): its status for everyone and,
 * for admins, a change with an optional note (POST /api/formwork/status/…) among the moves allowed now
 * (statusChoices.ts), with the reason each other status is not offered and any refusal shown here, on
 * the application it concerns. The history of changes: the page's (prop `history`), else loaded on request.
 */
import { Badge, Button, Group, List, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { pb } from '../../config/pocketbase.ts';
import { formatDay } from '../../engine/dates.ts';
import type { ServiceEntry } from '../../engine/types.ts';
import { registry } from '../../generated/registry.ts';
import type { StoredRecord } from './RecordCard.tsx';
import { statusChoices, type StatusReason } from './statusChoices.ts';

export interface HistoryEntry {
  id: string;
  from: string;
  to: string;
  byEmail: string;
  note: string;
  created: string;
}

interface Props {
  service: ServiceEntry;
  record: StoredRecord;
  /** Admins change the status; viewers only read it (the server enforces the same). */
  canChange: boolean;
  onChanged: (status: string) => void;
  /** When the page was loaded (ms): the cancellation window is judged as of then. */
  now: number;
  /** The application's status changes, oldest first, when the page has them; else the control loads them on request. */
  history?: HistoryEntry[];
}

/** The server's refusal code (data.status.code) → what to tell staff. */
const REFUSALS: Record<string, string> = { cancellation_period: 'staff.status.cancellationPeriod', transition: 'staff.status.transition' };

const refusalOf = (err: unknown): string => {
  const code = (err as { response?: { data?: { status?: { code?: string } } } }).response?.data?.status?.code;
  return (code && REFUSALS[code]) ?? 'staff.status.failed';
};

/** A list of statuses by their texts, as the reader's language joins them. */
const names = (intl: IntlShape, statuses: string[]) => intl.formatList(statuses.map((s) => intl.formatMessage({ id: `status.${s}` })), { type: 'conjunction' });

function reasonText(intl: IntlShape, reason: StatusReason): string {
  const label = (s: string) => intl.formatMessage({ id: `status.${s}` });
  switch (reason.kind) {
    case 'final':
      return intl.formatMessage({ id: 'staff.status.final' }, { status: label(reason.status) });
    case 'noMoves':
      return intl.formatMessage({ id: 'staff.status.noMoves' }, { status: label(reason.status) });
    case 'window':
      return intl.formatMessage({ id: 'staff.status.window' }, { day: formatDay(reason.day, intl), timeZone: reason.timeZone, statuses: names(intl, reason.statuses) });
    case 'applicantOnly':
      return intl.formatMessage({ id: 'staff.status.applicantOnly' }, { status: label(reason.status) });
    case 'notFrom':
      return intl.formatMessage({ id: 'staff.status.notFrom' }, { status: label(reason.status), statuses: names(intl, reason.statuses) });
  }
}

export function StatusControl({ service, record, canChange, onChanged, now, history: given }: Props) {
  const intl = useIntl();
  const { workflow } = service;
  const choices = statusChoices(workflow, record, now);
  const { current } = choices;
  const [next, setNext] = useState('');
  // Another status arrived (a change saved here or by another admin): the choice starts over, so a save
  // never quietly moves the application somewhere it was not meant to go.
  const [choiceFrom, setChoiceFrom] = useState(current);
  if (choiceFrom !== current) {
    setChoiceFrom(current);
    setNext('');
  }
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<HistoryEntry[] | null>(null);
  const label = (s: string) => intl.formatMessage({ id: `status.${s}` });

  const loadHistory = async () => {
    try {
      setLoaded(
        await pb
          .collection(registry.historyCollection)
          .getFullList<HistoryEntry>({ filter: pb.filter('sourceCollection = {:c} && record = {:r}', { c: service.collection, r: record.id }), sort: 'created' }),
      );
    } catch {
      setError('staff.status.loadFailed');
    }
  };

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await pb.send(`/api/formwork/status/${encodeURIComponent(service.collection)}/${encodeURIComponent(record.id)}`, { method: 'POST', body: { status: next, note } });
      setNote('');
      onChanged(next);
      if (loaded) await loadHistory();
    } catch (err) {
      setError(refusalOf(err));
    } finally {
      setBusy(false);
    }
  };

  const history = given ?? loaded;
  return (
    <Stack gap={6} data-testid="status" data-status={current}>
      <Group gap="xs">
        <Text size="sm" fw={600} component="span">
          <FormattedMessage id="staff.status.label" />
        </Text>
        <Badge color={workflow.colors[current] ?? 'gray.7'} variant="outline">
          {label(current)}
        </Badge>
        {!given && (
          <Button variant="subtle" size="compact-xs" onClick={() => (loaded ? setLoaded(null) : void loadHistory())} aria-expanded={!!loaded}>
            <FormattedMessage id={loaded ? 'staff.status.hideHistory' : 'staff.status.showHistory'} />
          </Button>
        )}
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
                values={{ date: intl.formatDate(h.created.replace(' ', 'T'), { dateStyle: 'medium', timeStyle: 'short' }), from: label(h.from), to: label(h.to), by: h.byEmail }}
              />
              {h.note && ` — ${h.note}`}
            </Text>
          ))}
        </Stack>
      )}
      {canChange && choices.offered.length > 0 && (
        <Group gap="xs" align="flex-end">
          <NativeSelect
            size="xs"
            label={intl.formatMessage({ id: 'staff.status.change.label' })}
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            data={[{ value: '', label: intl.formatMessage({ id: 'staff.status.choose' }) }, ...choices.offered.map((s) => ({ value: s, label: label(s) }))]}
          />
          <TextInput
            size="xs"
            label={intl.formatMessage({ id: 'staff.status.note' })}
            value={note}
            maxLength={1000}
            onChange={(e) => setNote(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 140 }}
          />
          <Button size="xs" variant="light" loading={busy} disabled={!next} onClick={() => void save()}>
            <FormattedMessage id="staff.status.save" />
          </Button>
        </Group>
      )}
      {canChange && choices.reasons.length > 0 && (
        <List size="xs" c="dimmed" data-testid="status-reasons" spacing={2}>
          {choices.reasons.map((r) => (
            <List.Item key={r.kind} data-reason={r.kind}>
              {reasonText(intl, r)}
            </List.Item>
          ))}
        </List>
      )}
      {error && (
        <Text size="sm" c="red.9" role="alert">
          <FormattedMessage id={error} />
        </Text>
      )}
    </Stack>
  );
}
