/**
 * SaveForLater's dialog: the address for the resume link, what is and is not saved, and then either
 * "check your e-mail" or what went wrong, in the applicant's language. The address is checked here as
 * the server checks it (pb_hooks/lib/drafts.js), so a typo is said at the field before any request.
 */
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { contract } from '../../../generated/contract.ts';
import { saveDraft, type SaveResult } from './draftApi.ts';
import type { SaveForLaterDialogProps } from './SaveForLater.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function SaveForLaterDialog({ opened, onClose, collection, request, email: offered }: SaveForLaterDialogProps) {
  const intl = useIntl();
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- Mantine notes the focus to give back only when `opened` turns true after its mount (components/ConfirmModal.tsx)
  useEffect(() => setMounted(true), []);
  const [email, setEmail] = useState(offered);
  const [wasOpened, setWasOpened] = useState(opened);
  const [result, setResult] = useState<SaveResult | null>(null);
  const [sentTo, setSentTo] = useState('');
  const [sending, setSending] = useState(false);
  const [checked, setChecked] = useState(false);
  // Each opening starts afresh, with the form's e-mail answer as it is now.
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setEmail(offered);
      setResult(null);
      setChecked(false);
    }
  }
  const address = email.trim();
  const invalid = (checked && !EMAIL.test(address)) || result === 'invalid';
  const days = contract.drafts.days;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // not the application form's submit around it
    setChecked(true);
    if (!EMAIL.test(address) || sending) return;
    setSending(true);
    const outcome = await saveDraft(collection, { ...request(), email: address });
    setSending(false);
    setResult(outcome);
    if (outcome === 'sent') setSentTo(address);
  };

  return (
    <Modal
      opened={mounted && opened}
      onClose={onClose}
      title={intl.formatMessage({ id: 'drafts.save.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'drafts.save.close' }) }}
      centered
    >
      {result === 'sent' ? (
        <Stack>
          <Alert color="green" role="status" data-testid="draft-sent">
            <FormattedMessage id="drafts.save.sent" values={{ email: sentTo, days }} />
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>
              <FormattedMessage id="drafts.save.close" />
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            <Text size="sm">
              <FormattedMessage id="drafts.save.intro" values={{ days }} />
            </Text>
            <Text size="sm">
              <FormattedMessage id="drafts.notKept" />
            </Text>
            <TextInput
              type="email"
              inputMode="email"
              autoComplete="email"
              label={intl.formatMessage({ id: 'drafts.save.email' })}
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                if (result === 'invalid') setResult(null);
              }}
              error={invalid ? intl.formatMessage({ id: 'drafts.save.emailInvalid' }) : undefined}
              required
              data-autofocus
              data-testid="draft-email"
            />
            <div role="status">
              {(result === 'tooMany' || result === 'failed') && (
                <Alert color="red">
                  <FormattedMessage id={result === 'tooMany' ? 'drafts.save.tooMany' : 'drafts.save.failed'} />
                </Alert>
              )}
            </div>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                <FormattedMessage id="drafts.save.cancel" />
              </Button>
              <Button type="submit" disabled={sending} data-testid="draft-send">
                <FormattedMessage id={sending ? 'drafts.save.sending' : 'drafts.save.send'} />
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
