/**
 * An admin's reply to the applicant: pick a canned reply (filled for this application, in the language
 * the applicant applied in) or write one, see to whom it goes, send. The server sends it through the
 * outbox from the company (Reply-To the company's address), keeps it in the notes, and limits how many
 * go out (pb_hooks/work.pb.js); each refusal is said in the staff member's language. Viewers see nothing
 * of it (the server refuses them too).
 */
import { Alert, Button, Group, Loader, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ServiceEntry } from '../../../engine/types.ts';
import { isAdmin } from '../role.ts';
import { MAX_NOTE } from './NotesThread.tsx';
import { announceNote } from './notesBus.ts';
import { problemMessage, replyForm, sendReply, type NoteEntry, type ReplyForm } from './workApi.ts';

interface Props {
  service: ServiceEntry;
  recordId: string;
  /** The reply as kept in the notes, once the server took it. */
  onSent?: (note: NoteEntry) => void;
}

/** What the server's refusals of a reply mean to staff (data.<field>.code → message). */
const REFUSALS = { required: 'staff.reply.required', max: 'staff.notes.tooLong', no_address: 'staff.reply.noAddress' };

/** The message id for a failed send: the text's refusal, else the address's, else a plain failure. */
export function replyProblem(err: unknown): string {
  const byText = problemMessage(err, 'text', REFUSALS, '', 'staff.reply.rateLimited');
  return byText || problemMessage(err, 'to', REFUSALS, 'staff.reply.failed');
}

export function ReplyComposer({ service, recordId, onSent }: Props) {
  const intl = useIntl();
  const admin = isAdmin();
  // The form as loaded, for which application and screen language: another's counts as still loading.
  const key = `${service.collection}/${recordId}/${intl.locale}`;
  const [loaded, setLoaded] = useState<{ key: string; form: ReplyForm | null; failed: boolean }>({ key: '', form: null, failed: false });
  const form = loaded.key === key ? loaded.form : null;
  const loadFailed = loaded.key === key && loaded.failed;
  const [template, setTemplate] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    if (!admin) return;
    let live = true;
    const at = `${service.collection}/${recordId}/${intl.locale}`;
    replyForm(service.collection, recordId, intl.locale).then(
      (f) => live && setLoaded({ key: at, form: f, failed: false }),
      () => live && setLoaded({ key: at, form: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [admin, service.collection, recordId, intl.locale]);

  if (!admin) return null;

  const pick = (id: string) => {
    setTemplate(id);
    const canned = form?.templates.find((t) => t.id === id);
    // Picking a canned reply replaces the text with it; "write my own" keeps what is there.
    if (canned) setText(canned.body);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setProblem(intl.formatMessage({ id: 'staff.reply.required' }));
    setBusy(true);
    setProblem(null);
    try {
      const { note, mail } = await sendReply(service.collection, recordId, text.trim(), template);
      announceNote(note);
      setSentTo(mail.to);
      setText('');
      setTemplate('');
      onSent?.(note);
    } catch (err) {
      setProblem(intl.formatMessage({ id: replyProblem(err) }, { max: MAX_NOTE }));
    }
    setBusy(false);
  };

  const language = form ? (`lang.${form.language}` in intl.messages ? intl.formatMessage({ id: `lang.${form.language}` }) : form.language) : '';

  return (
    <Stack gap="xs" data-testid="reply" data-state={sentTo ? 'sent' : 'draft'}>
      {form === null && !loadFailed && <Loader size="sm" role="progressbar" aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      {loadFailed && (
        <Alert color="red" role="alert">
          <FormattedMessage id="staff.reply.loadFailed" />
        </Alert>
      )}
      {form && !form.to && (
        <Alert color="yellow" role="alert" data-testid="reply-no-address">
          <FormattedMessage id="staff.reply.noAddress" />
        </Alert>
      )}
      <div role="status">
        {sentTo && (
          <Alert color="green" role="none" data-testid="reply-sent">
            <FormattedMessage id="staff.reply.sent" values={{ to: sentTo }} />
          </Alert>
        )}
      </div>
      {form && form.to && sentTo && (
        <Group>
          <Button size="sm" variant="light" onClick={() => setSentTo(null)}>
            <FormattedMessage id="staff.reply.another" />
          </Button>
        </Group>
      )}
      {form && form.to && !sentTo && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="xs">
            <Text size="sm" data-testid="reply-to">
              <FormattedMessage id="staff.reply.to" values={{ to: form.to }} /> · <FormattedMessage id="staff.reply.language" values={{ language }} />
            </Text>
            {form.templates.length > 0 && (
              <NativeSelect
                size="sm"
                label={intl.formatMessage({ id: 'staff.reply.template' })}
                value={template}
                onChange={(e) => pick(e.currentTarget.value)}
                data={[{ value: '', label: intl.formatMessage({ id: 'staff.reply.template.none' }) }, ...form.templates.map((t) => ({ value: t.id, label: t.title }))]}
                data-testid="reply-template"
              />
            )}
            <Textarea
              label={intl.formatMessage({ id: 'staff.reply.text' })}
              description={intl.formatMessage({ id: 'staff.reply.help' }, { email: form.replyTo })}
              autosize
              minRows={4}
              maxRows={16}
              maxLength={MAX_NOTE}
              value={text}
              error={problem !== null}
              onChange={(e) => setText(e.currentTarget.value)}
              data-testid="reply-text"
            />
            {problem && (
              <Alert color="red" role="alert" data-testid="reply-error">
                {problem}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" size="sm" loading={busy} data-testid="reply-send">
                <FormattedMessage id="staff.reply.send" />
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
