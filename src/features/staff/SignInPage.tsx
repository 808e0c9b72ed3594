import { Alert, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { registry } from '../../generated/registry.ts';
import { useDocumentTitle } from '../pages/useDocumentTitle.ts';
import { signIn } from './session.ts';

/** Only same-site paths are followed after sign-in (no open redirect). */
const safeNext = (next: string | null): string | null => (next && next.startsWith('/') && !next.startsWith('//') ? next : null);

export default function SignInPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const expired = params.get('expired') === '1';
  useDocumentTitle(intl.formatMessage({ id: 'staff.signIn.title' }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailed(false);
    try {
      await signIn(email, password);
      navigate(safeNext(params.get('next')) ?? registry.services[0]?.admin.route ?? '/', { replace: true });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack maw={400}>
        <Title order={1} size="h2">
          <FormattedMessage id="staff.signIn.title" />
        </Title>
        <div role="alert">
          {failed && <Alert color="red">{intl.formatMessage({ id: 'staff.signIn.failed' })}</Alert>}
          {expired && !failed && <Alert color="yellow">{intl.formatMessage({ id: 'staff.signIn.expired' })}</Alert>}
        </div>
        <TextInput label={intl.formatMessage({ id: 'staff.signIn.email' })} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <PasswordInput label={intl.formatMessage({ id: 'staff.signIn.password' })} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        <Button type="submit" loading={busy}>
          <FormattedMessage id="staff.signIn.submit" />
        </Button>
      </Stack>
    </form>
  );
}
