/**
 * "Forgot password?" on the sign-in page: PocketBase's own reset request on the staff collection, which
 * e-mails a link to /staff/reset-password (pb_hooks/staffPassword.pb.js). The answer is the same whether
 * or not the address has an account, so the form cannot be used to find out who works here; only a
 * refusal that says nothing about the address (too many requests, no connection) is told apart.
 */
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pb } from '../../config/pocketbase.ts';
import { registry } from '../../generated/registry.ts';

/** What a reset request's failure may say: only what tells nothing of the address. */
export function forgotProblem(status: number): 'staff.forgot.tooMany' | 'staff.signIn.unavailable' | null {
  if (status === 429) return 'staff.forgot.tooMany';
  if (status === 0) return 'staff.signIn.unavailable';
  return null;
}

export function ForgotPassword({ email: initial, onBack }: { email: string; onBack: () => void }) {
  const intl = useIntl();
  const [email, setEmail] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!address) return input.current?.focus();
    setBusy(true);
    setProblem(null);
    try {
      await pb.collection(registry.staffCollection).requestPasswordReset(address);
      setSentTo(address);
    } catch (err) {
      const message = forgotProblem((err as { status?: number } | null)?.status ?? 0);
      // Any other refusal (an address PocketBase finds malformed) gets the same answer as a sent link.
      if (message) setProblem(intl.formatMessage({ id: message }));
      else setSentTo(address);
    }
    setBusy(false);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="forgot-password">
      <Stack>
        <Title order={1} size="h2">
          <FormattedMessage id="staff.forgot.title" />
        </Title>
        <div role="status">
          {sentTo && (
            <Alert color="green" role="none" data-testid="forgot-sent">
              <FormattedMessage id="staff.forgot.sent" values={{ email: sentTo }} />
            </Alert>
          )}
        </div>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        {!sentTo && (
          <>
            <Text size="sm">
              <FormattedMessage id="staff.forgot.help" />
            </Text>
            <TextInput
              ref={input}
              label={intl.formatMessage({ id: 'staff.signIn.email' })}
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy}>
              <FormattedMessage id="staff.forgot.submit" />
            </Button>
          </>
        )}
        <Button variant="subtle" size="compact-sm" onClick={onBack} style={{ alignSelf: 'flex-start' }}>
          <FormattedMessage id="staff.forgot.back" />
        </Button>
      </Stack>
    </form>
  );
}
