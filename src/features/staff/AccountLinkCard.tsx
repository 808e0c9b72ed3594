/**
 * An admin makes the link a connected account's holder opens their payments page with
 * (POST /api/formwork/account-links, audited): the page refuses an account id without one, since the id
 * alone proves nothing (pb_hooks/lib/accountLinks.js). The link is shown once, to copy and send.
 */
import { Alert, Button, CopyButton, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { pb } from '../../config/pocketbase.ts';
import { isSessionError, signInPath, signOut } from './session.ts';

const ACCOUNT = /^acct_[A-Za-z0-9]{1,64}$/;
/** The server's bounds (lib/accountLinks.js MAX_DAYS) and its default. */
const MAX_DAYS = 90;
const DEFAULT_DAYS = 7;

interface Issued {
  url: string;
  expiresAt: string;
}

export default function AccountLinkCard() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const [account, setAccount] = useState('');
  const [days, setDays] = useState<number | string>(DEFAULT_DAYS);
  const [issued, setIssued] = useState<Issued | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const accountId = account.trim();
  const badAccount = accountId !== '' && !ACCOUNT.test(accountId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ACCOUNT.test(accountId)) return setError(intl.formatMessage({ id: 'staff.accountLink.badAccount' }));
    setBusy(true);
    setError(null);
    setIssued(null);
    try {
      setIssued(await pb.send<Issued>('/api/formwork/account-links', { method: 'POST', body: { accountId, days: Number(days) } }));
    } catch (err) {
      if (isSessionError(err)) {
        signOut();
        navigate(signInPath(location.pathname, true), { replace: true });
      } else setError(intl.formatMessage({ id: 'staff.accountLink.failed' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-link-title" data-testid="account-link">
      <Stack gap="sm">
        <Title order={2} size="h4" id="account-link-title">
          <FormattedMessage id="staff.accountLink.title" />
        </Title>
        <Text size="sm">
          <FormattedMessage id="staff.accountLink.intro" />
        </Text>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={intl.formatMessage({ id: 'staff.accountLink.account' })}
              placeholder="acct_…"
              value={account}
              onChange={(e) => setAccount(e.currentTarget.value)}
              error={badAccount ? intl.formatMessage({ id: 'staff.accountLink.badAccount' }) : undefined}
              required
              style={{ flex: '1 1 16rem' }}
            />
            <NumberInput label={intl.formatMessage({ id: 'staff.accountLink.days' })} value={days} onChange={setDays} min={1} max={MAX_DAYS} allowDecimal={false} w="8rem" />
            <Button type="submit" loading={busy}>
              <FormattedMessage id="staff.accountLink.create" />
            </Button>
          </Group>
        </form>
        <div role="status">
          {issued && (
            <Stack gap="xs">
              <TextInput readOnly value={issued.url} label={intl.formatMessage({ id: 'staff.accountLink.link' })} onFocus={(e) => e.currentTarget.select()} data-testid="account-link-url" />
              <Group gap="sm">
                <CopyButton value={issued.url}>
                  {({ copied, copy }) => (
                    <Button variant="light" size="compact-sm" onClick={copy}>
                      <FormattedMessage id={copied ? 'staff.accountLink.copied' : 'staff.accountLink.copy'} />
                    </Button>
                  )}
                </CopyButton>
                <Text size="sm" c="dimmed">
                  <FormattedMessage id="staff.accountLink.expires" values={{ date: intl.formatDate(new Date(issued.expiresAt), { dateStyle: 'medium', timeStyle: 'short' }) }} />
                </Text>
              </Group>
            </Stack>
          )}
        </div>
        {error && <Alert color="red">{error}</Alert>}
      </Stack>
    </Paper>
  );
}
