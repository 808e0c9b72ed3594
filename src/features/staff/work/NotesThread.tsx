/**
 * An application's internal notes and the replies sent to its applicant, oldest first, each with its
 * author and time: read straight from the notes collection (staff may list it; the applicant's side has
 * no way to it), and for admins a composer that adds a note (POST /api/formwork/notes/…, audited).
 * Replies sent from the ReplyComposer on the same page appear here at once (notesBus.ts).
 */
import { Alert, Badge, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pb } from '../../../config/pocketbase.ts';
import type { ServiceEntry } from '../../../engine/types.ts';
import { registry } from '../../../generated/registry.ts';
import { submittedText } from '../listColumns.ts';
import { isAdmin } from '../role.ts';
import { onNote } from './notesBus.ts';
import { staffName, useStaffDirectory } from './useStaffDirectory.ts';
import { addNote, problemMessage, type NoteEntry } from './workApi.ts';

/** The longest note the server keeps (pb_hooks/lib/work.js MAX_NOTE). */
export const MAX_NOTE = 5000;

/** `list` with `note` in it once, in the order written (an entry announced twice, or loaded meanwhile, is kept once). */
export function withNote(list: NoteEntry[], note: NoteEntry): NoteEntry[] {
  if (list.some((n) => n.id === note.id)) return list;
  return [...list, note].sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
}

function NoteItem({ note, author }: { note: NoteEntry; author: string }) {
  const intl = useIntl();
  return (
    <Stack component="li" gap={2} data-testid="note" data-kind={note.kind} className="work-note">
      <Group gap="xs" wrap="wrap">
        <Badge size="sm" variant="light" color={note.kind === 'reply' ? 'teal.9' : 'gray.7'}>
          <FormattedMessage id={`staff.notes.kind.${note.kind}`} />
        </Badge>
        <Text size="sm" fw={600} span>
          {author}
        </Text>
        <Text size="sm" c="dimmed" span>
          <time dateTime={note.created.replace(' ', 'T')}>{submittedText(note.created, intl)}</time>
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {note.body}
      </Text>
    </Stack>
  );
}

export function NotesThread({ service, recordId }: { service: ServiceEntry; recordId: string }) {
  const intl = useIntl();
  const staff = useStaffDirectory();
  const admin = isAdmin();
  // What was loaded, for which application: another application's notes count as still loading.
  const key = `${service.collection}/${recordId}`;
  const [loaded, setLoaded] = useState<{ key: string; notes: NoteEntry[] | null; failed: boolean }>({ key: '', notes: null, failed: false });
  const notes = loaded.key === key ? loaded.notes : null;
  const loadFailed = loaded.key === key && loaded.failed;
  const setNotes = (change: (list: NoteEntry[]) => NoteEntry[]) => setLoaded((l) => ({ ...l, notes: change(l.notes ?? []) }));
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let live = true;
    const at = `${service.collection}/${recordId}`;
    pb.collection(registry.noteCollection)
      .getFullList<NoteEntry>({ filter: pb.filter('sourceCollection = {:c} && record = {:r}', { c: service.collection, r: recordId }), sort: 'created', requestKey: null })
      .then(
        // An entry announced while the list was on its way is kept.
        (list) => live && setLoaded((l) => ({ key: at, notes: (l.key === at ? (l.notes ?? []) : []).reduce(withNote, list), failed: false })),
        () => live && setLoaded({ key: at, notes: null, failed: true }),
      );
    const stop = onNote((note) => {
      if (note.sourceCollection === service.collection && note.record === recordId) setLoaded((l) => (l.key === at ? { ...l, notes: withNote(l.notes ?? [], note) } : l));
    });
    return () => {
      live = false;
      stop();
    };
  }, [service.collection, recordId]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const body = draft.trim();
    if (!body) return setProblem(intl.formatMessage({ id: 'staff.notes.required' }));
    setBusy(true);
    setProblem(null);
    try {
      const note = await addNote(service.collection, recordId, body);
      setNotes((list) => withNote(list, note));
      setDraft('');
      setSaved(true);
    } catch (err) {
      const id = problemMessage(err, 'body', { required: 'staff.notes.required', max: 'staff.notes.tooLong' }, 'staff.notes.failed');
      setProblem(intl.formatMessage({ id }, { max: MAX_NOTE }));
    }
    setBusy(false);
  };

  const authorOf = (note: NoteEntry) => staffName(staff, note.author, note.authorEmail);

  return (
    <Stack gap="sm" data-testid="notes">
      {notes === null && !loadFailed && <Loader size="sm" role="progressbar" aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      {loadFailed && (
        <Alert color="red" role="alert">
          <FormattedMessage id="staff.notes.loadFailed" />
        </Alert>
      )}
      {notes && notes.length === 0 && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="staff.notes.empty" />
        </Text>
      )}
      {notes && notes.length > 0 && (
        <Stack component="ol" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {notes.map((note) => (
            <NoteItem key={note.id} note={note} author={authorOf(note)} />
          ))}
        </Stack>
      )}
      {admin && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="xs">
            <Textarea
              label={intl.formatMessage({ id: 'staff.notes.label' })}
              description={intl.formatMessage({ id: 'staff.notes.help' })}
              autosize
              minRows={2}
              maxRows={10}
              maxLength={MAX_NOTE}
              value={draft}
              error={problem !== null}
              onChange={(e) => {
                setDraft(e.currentTarget.value);
                setSaved(false);
              }}
              data-testid="note-input"
            />
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <Group justify="space-between">
              <div role="status">
                {saved && (
                  <Text size="sm">
                    <FormattedMessage id="staff.notes.saved" />
                  </Text>
                )}
              </div>
              <Button type="submit" size="sm" loading={busy} data-testid="note-add">
                <FormattedMessage id="staff.notes.add" />
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
