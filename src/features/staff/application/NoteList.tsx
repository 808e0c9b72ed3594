/**
 * An application's internal notes and replies as text, for the print view (the page itself shows them
 * through the notes thread, with its composer): who, when, note or reply, and what was written.
 */
import { Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { NoteEntry } from './loadApplication.ts';

export function NoteList({ notes }: { notes: NoteEntry[] }) {
  const intl = useIntl();
  if (notes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="staff.application.notes.none" />
      </Text>
    );
  return (
    <ol style={{ margin: 0, paddingInlineStart: '1.25rem', display: 'grid', gap: 8 }} data-testid="notes">
      {notes.map((note) => (
        <li key={note.id} data-testid="note" data-kind={note.kind}>
          <Text size="sm" fw={600}>
            <FormattedMessage
              id={note.kind === 'reply' ? 'staff.application.notes.reply' : 'staff.application.notes.note'}
              values={{ by: note.authorEmail, date: intl.formatDate(note.created.replace(' ', 'T'), { dateStyle: 'medium', timeStyle: 'short' }) }}
            />
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.body}
          </Text>
        </li>
      ))}
    </ol>
  );
}
