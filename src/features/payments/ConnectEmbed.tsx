/**
 * A payment provider's embedded component (Stripe Connect) for one connected account: the account
 * comes from the route (/account/:id) or ?account= (the onboarding refresh link), and #exp=&sig= of the
 * link staff issued for it prove the visitor may open it (in the fragment, which no request log keeps). Every failure, the provider's script
 * included, is shown to the user in their language, never only logged.
 */
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { accountSessionSecret, ConnectError, loadConnectJs, publishableKey } from './connectJs.ts';

const ACCOUNT = /^acct_[A-Za-z0-9]{1,64}$/;
/** Failures that trying again cannot mend: the address itself must change. */
const FINAL = ['connect.noAccount', 'connect.linkInvalid'];

export default function ConnectEmbed({ component }: { component: string }) {
  const intl = useIntl();
  const { id } = useParams();
  const [query] = useSearchParams();
  const account = id ?? query.get('account') ?? '';
  const proof = new URLSearchParams(useLocation().hash.slice(1));
  const exp = proof.get('exp') ?? '';
  const sig = proof.get('sig') ?? '';
  const container = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  // The outcome of one mount, for the account, link, component and attempt it was made for: any other
  // (a new address, a retry) is loading until its own mount ends.
  const mounting = JSON.stringify([account, exp, sig, component, attempt]);
  const [outcome, setOutcome] = useState<{ of: string; kind: 'ready' } | { of: string; kind: 'failed'; message: string } | null>(null);
  const state = outcome?.of === mounting ? outcome : { kind: 'loading' as const };

  useEffect(() => {
    let live = true;
    const mount = async () => {
      if (!ACCOUNT.test(account)) throw new ConnectError('connect.noAccount');
      if (!exp || !sig) throw new ConnectError('connect.linkInvalid');
      const link = { exp, sig };
      const [pk, connect] = await Promise.all([publishableKey(), loadConnectJs()]);
      // Asked once here, so a refused account is said on the page rather than inside the component.
      let first: string | null = await accountSessionSecret(account, link);
      const instance = connect.init({
        publishableKey: pk,
        fetchClientSecret: async () => {
          const secret = first ?? (await accountSessionSecret(account, link));
          first = null;
          return secret;
        },
      });
      if (!live || !container.current) return;
      container.current.replaceChildren(instance.create(component));
      setOutcome({ of: mounting, kind: 'ready' });
    };
    mount().catch((err: unknown) => live && setOutcome({ of: mounting, kind: 'failed', message: err instanceof ConnectError ? err.messageKey : 'connect.sessionFailed' }));
    return () => {
      live = false;
    };
  }, [account, exp, sig, component, mounting]);

  return (
    <Stack gap="sm">
      {state.kind === 'loading' && (
        <Center h="20vh">
          <Loader role="progressbar" aria-label={intl.formatMessage({ id: 'connect.loading' })} />
        </Center>
      )}
      {state.kind === 'failed' && (
        <Alert color="red" role="alert" data-testid="connect-error">
          <Stack gap="xs" align="flex-start">
            <FormattedMessage id={state.message} />
            {!FINAL.includes(state.message) && (
              <Button variant="light" color="red" onClick={() => setAttempt((n) => n + 1)}>
                <FormattedMessage id="connect.retry" />
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <div ref={container} data-testid="connect-component" />
    </Stack>
  );
}
