/**
 * Staff sign-in: e-mail and password against the staff auth collection, then back to where they were
 * going (the staff home unless `next` says otherwise). Accounts with MFA on take a second step: PocketBase
 * answers the password with 401 and an `mfaId`, a one-time code goes to the account's e-mail, and the
 * code together with that `mfaId` completes the sign-in.
 */
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { pb } from '../../config/pocketbase.ts';
import { registry } from '../../generated/registry.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { ForgotPassword } from './ForgotPassword.tsx';
import { safeNext, signIn } from './session.ts';

/** Digits in the e-mailed code (the staff collection's otp.length). */
const CODE_LENGTH = 8;

/** The refusals the page tells apart; each is a staff.signIn.* message. */
type Problem = 'failed' | 'refused' | 'unavailable' | 'code.wrong' | 'code.required' | 'code.sendFailed';

interface ErrorLike {
  status?: number;
  response?: { mfaId?: unknown };
}

const statusOf = (err: unknown): number => (err as ErrorLike | null)?.status ?? 0;
const mfaIdOf = (err: unknown): string | null => {
  const id = (err as ErrorLike | null)?.response?.mfaId;
  return statusOf(err) === 401 && typeof id === 'string' && id ? id : null;
};

/**
 * Why a sign-in was refused. PocketBase: 400 for a wrong e-mail or password (or code), 403 when the
 * collection's authRule refuses the account (disabled, or its e-mail not confirmed yet), 0 when the
 * server could not be reached.
 */
function problemOf(err: unknown, wrong: Problem): Problem {
  const status = statusOf(err);
  if (status === 403) return 'refused';
  if (status === 0) return 'unavailable';
  return wrong;
}

export default function SignInPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  /** The second step, once the password was right and the account has MFA on. */
  const [mfa, setMfa] = useState<{ mfaId: string; otpId: string } | null>(null);
  const [code, setCode] = useState('');
  const [resent, setResent] = useState(false);
  /** "Forgot password?": the reset request instead of the sign-in form. */
  const [forgot, setForgot] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const expired = params.get('expired') === '1';
  useDocumentTitle(intl.formatMessage({ id: 'staff.signIn.title' }));

  // The code field takes the focus when the second step appears; the e-mail field when they go back
  // (from the code, or from "Forgot password?").
  const wentBack = useRef(false);
  useEffect(() => {
    if (mfa) codeInput.current?.focus();
    else if (wentBack.current) emailInput.current?.focus();
  }, [mfa, forgot]);

  const done = () => navigate(safeNext(params.get('next')) ?? paths.dashboard, { replace: true });

  const requestCode = async (mfaId: string) => {
    const { otpId } = await pb.collection(registry.staffCollection).requestOTP(email);
    setMfa({ mfaId, otpId });
  };

  const submitPassword = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await signIn(email, password);
      done();
      return;
    } catch (err) {
      const mfaId = mfaIdOf(err);
      if (!mfaId) setProblem(problemOf(err, 'failed'));
      else {
        try {
          await requestCode(mfaId);
          setCode('');
          setResent(false);
        } catch (sendErr) {
          setProblem(problemOf(sendErr, 'code.sendFailed'));
        }
      }
    }
    setBusy(false);
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (!mfa) return;
    const value = code.replace(/\s+/g, '');
    if (!value) return setProblem('code.required');
    setBusy(true);
    setProblem(null);
    try {
      await pb.collection(registry.staffCollection).authWithOTP(mfa.otpId, value, { mfaId: mfa.mfaId });
      done();
      return;
    } catch (err) {
      setProblem(problemOf(err, 'code.wrong'));
    }
    setBusy(false);
  };

  const sendNewCode = async () => {
    if (!mfa) return;
    setBusy(true);
    setProblem(null);
    setResent(false);
    try {
      await requestCode(mfa.mfaId);
      setCode('');
      setResent(true);
      codeInput.current?.focus();
    } catch (err) {
      setProblem(problemOf(err, 'code.sendFailed'));
    }
    setBusy(false);
  };

  const startOver = () => {
    wentBack.current = true;
    setMfa(null);
    setCode('');
    setPassword('');
    setProblem(null);
    setResent(false);
  };

  if (forgot)
    return (
      <Stack maw={400}>
        <ForgotPassword
          email={email}
          onBack={() => {
            wentBack.current = true;
            setForgot(false);
          }}
        />
      </Stack>
    );

  // Mantine's Alert is role="alert" itself: announced when it appears.
  const alert = problem && (
    <Alert color="red" data-testid="sign-in-error">
      {intl.formatMessage({ id: `staff.signIn.${problem}` })}
    </Alert>
  );

  return (
    <Stack maw={400}>
      <form onSubmit={(e) => void (mfa ? submitCode(e) : submitPassword(e))} noValidate>
        <Stack>
          <Title order={1} size="h2">
            <FormattedMessage id="staff.signIn.title" />
          </Title>
          {/* On the page from the start, so that "we sent a code" is announced when it appears. */}
          <div role="status">{mfa && <Text>{intl.formatMessage({ id: resent ? 'staff.signIn.code.resent' : 'staff.signIn.code.sent' }, { email })}</Text>}</div>
          {alert}
          {mfa ? (
            <>
              <TextInput
                key="code"
                ref={codeInput}
                label={intl.formatMessage({ id: 'staff.signIn.code.label' })}
                description={intl.formatMessage({ id: 'staff.signIn.code.help' }, { digits: CODE_LENGTH })}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={CODE_LENGTH + 4}
                required
                error={problem === 'code.wrong' || problem === 'code.required'}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
              <Button type="submit" loading={busy}>
                <FormattedMessage id="staff.signIn.code.submit" />
              </Button>
              <Group justify="space-between">
                <Button variant="subtle" size="compact-sm" disabled={busy} onClick={() => void sendNewCode()}>
                  <FormattedMessage id="staff.signIn.code.resend" />
                </Button>
                <Button variant="subtle" size="compact-sm" disabled={busy} onClick={startOver}>
                  <FormattedMessage id="staff.signIn.code.back" />
                </Button>
              </Group>
            </>
          ) : (
            <>
              {expired && !problem && <Alert color="yellow">{intl.formatMessage({ id: 'staff.signIn.expired' })}</Alert>}
              <TextInput
                ref={emailInput}
                label={intl.formatMessage({ id: 'staff.signIn.email' })}
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              <PasswordInput
                label={intl.formatMessage({ id: 'staff.signIn.password' })}
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              <Button type="submit" loading={busy}>
                <FormattedMessage id="staff.signIn.submit" />
              </Button>
              <Button
                variant="subtle"
                size="compact-sm"
                disabled={busy}
                style={{ alignSelf: 'flex-start' }}
                onClick={() => {
                  setProblem(null);
                  setForgot(true);
                }}
                data-testid="forgot-link"
              >
                <FormattedMessage id="staff.forgot.link" />
              </Button>
            </>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
