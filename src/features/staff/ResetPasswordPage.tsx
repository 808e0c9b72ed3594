/**
 * /staff/reset-password#<token>: the page the password reset e-mail links to (pb_hooks/staffPassword.pb.js).
 * The token travels in the address's fragment, which no server receives or logs; the page takes it and
 * drops it from the address bar, then sets the new password with PocketBase's own confirmPasswordReset on
 * the staff collection. Afterwards the staff member signs in with it.
 */
import { Alert, Anchor, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../app/Link.tsx';
import { paths } from '../../config/paths.ts';
import { pb } from '../../config/pocketbase.ts';
import { registry } from '../../generated/registry.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';

/** PocketBase's shortest password for an auth collection (the staff collection keeps its default). */
export const MIN_PASSWORD = 8;

/** The token of a reset link's fragment ("#<token>"), or ''. */
export function tokenOf(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
}

/** What is wrong with a new password and its repetition before it is sent, as a message id, or null. */
export function passwordProblem(password: string, confirm: string): 'staff.reset.tooShort' | 'staff.reset.mismatch' | null {
  if (password.length < MIN_PASSWORD) return 'staff.reset.tooShort';
  if (password !== confirm) return 'staff.reset.mismatch';
  return null;
}

/** The token of the link this page was opened with: kept once the address drops it, forgotten once used. */
let linkToken = '';
const readToken = (): string => {
  if (window.location.hash) linkToken = tokenOf(window.location.hash);
  return linkToken;
};
const noSubscription = () => () => {};

interface ErrorLike {
  status?: number;
  response?: { data?: Record<string, unknown> };
}

/** Why PocketBase refused a reset: its token (invalid or expired, the usual case), the password, or the connection. */
export function resetRefusal(err: unknown): 'staff.reset.invalid' | 'staff.reset.tooShort' | 'staff.signIn.unavailable' {
  const e = err as ErrorLike | null;
  if (!e?.status) return 'staff.signIn.unavailable';
  const data = e.response?.data ?? {};
  if (!('token' in data) && ('password' in data || 'passwordConfirm' in data)) return 'staff.reset.tooShort';
  return 'staff.reset.invalid';
}

export default function ResetPasswordPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'staff.reset.title' }));
  // The page is prerendered without a token (no server sees the fragment): taking that HTML over, React
  // renders it so too (the server snapshot), then again with the address's fragment, so the two never differ.
  const token = useSyncExternalStore(noSubscription, readToken, () => '');
  // The token leaves the address bar (and the history) once read: a shared screen or a copied address
  // does not carry it on.
  useEffect(() => {
    if (!window.location.hash) return;
    readToken();
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wrong = passwordProblem(password, confirm);
    if (wrong) return setProblem(wrong);
    setBusy(true);
    setProblem(null);
    try {
      await pb.collection(registry.staffCollection).confirmPasswordReset(token, password, confirm);
      linkToken = '';
      setDone(true);
    } catch (err) {
      setProblem(resetRefusal(err));
    }
    setBusy(false);
  };

  const signInLink = (
    <Anchor component={Link} to={paths.signIn} data-testid="reset-sign-in">
      <FormattedMessage id={done ? 'staff.reset.signIn' : 'staff.reset.requestNew'} />
    </Anchor>
  );

  return (
    <Stack maw={400} data-testid="reset-password">
      <Title order={1} size="h2">
        <FormattedMessage id="staff.reset.title" />
      </Title>
      <div role="status">
        {done && (
          <Alert color="green" role="none" data-testid="reset-done">
            <FormattedMessage id="staff.reset.done" />
          </Alert>
        )}
      </div>
      {done && signInLink}
      {!done && !token && (
        <>
          <Alert color="yellow" role="alert">
            <FormattedMessage id="staff.reset.missing" />
          </Alert>
          {signInLink}
        </>
      )}
      {!done && token && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack>
            {problem && (
              <Alert color="red" role="alert" data-testid="reset-error">
                {intl.formatMessage({ id: problem }, { min: MIN_PASSWORD })}
              </Alert>
            )}
            {problem === 'staff.reset.invalid' && signInLink}
            <PasswordInput
              label={intl.formatMessage({ id: 'staff.reset.password' })}
              description={intl.formatMessage({ id: 'staff.reset.help' }, { min: MIN_PASSWORD })}
              autoComplete="new-password"
              required
              error={problem === 'staff.reset.tooShort'}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <PasswordInput
              label={intl.formatMessage({ id: 'staff.reset.confirm' })}
              autoComplete="new-password"
              required
              error={problem === 'staff.reset.mismatch'}
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy}>
              <FormattedMessage id="staff.reset.submit" />
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
