/** Every status change of an application, oldest first: when, from what to what, by whom, and the note. */
import { Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { HistoryEntry } from './loadApplication.ts';

export function StatusHistory({ history }: { history: HistoryEntry[] }) {
  const intl = useIntl();
  const label = (s: string) => (`status.${s}` in intl.messages ? intl.formatMessage({ id: `status.${s}` }) : s);
  if (history.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="staff.status.noHistory" />
      </Text>
    );
  return (
    <ol style={{ margin: 0, paddingInlineStart: '1.25rem', display: 'grid', gap: 4 }} aria-label={intl.formatMessage({ id: 'staff.status.history' })} data-testid="status-history">
      {history.map((h) => (
        <Text size="sm" component="li" key={h.id} data-to={h.to}>
          <FormattedMessage
            id="staff.status.change"
            values={{ date: intl.formatDate(h.created.replace(' ', 'T'), { dateStyle: 'medium', timeStyle: 'short' }), from: label(h.from), to: label(h.to), by: h.byEmail }}
          />
          {h.note && ` — ${h.note}`}
        </Text>
      ))}
    </ol>
  );
}
