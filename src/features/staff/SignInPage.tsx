/** Staff sign-in: e-mail and password against the staff auth collection, then back to where they were going. */
import { Alert, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { registry } from '../../generated/registry.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { safeNext, signIn } from './session.ts';

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
      setBusy(false);
    }
  };

  return (
    <Stack maw={400}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Title order={1} size="h2">
            <FormattedMessage id="staff.signIn.title" />
          </Title>
          {/* Mantine's Alert is role="alert" itself: announced when it appears. */}
          {failed && <Alert color="red">{intl.formatMessage({ id: 'staff.signIn.failed' })}</Alert>}
          {expired && !failed && <Alert color="yellow">{intl.formatMessage({ id: 'staff.signIn.expired' })}</Alert>}
          <TextInput label={intl.formatMessage({ id: 'staff.signIn.email' })} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <PasswordInput label={intl.formatMessage({ id: 'staff.signIn.password' })} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>
            <FormattedMessage id="staff.signIn.submit" />
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
