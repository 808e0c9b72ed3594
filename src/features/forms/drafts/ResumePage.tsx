/**
 * The page the e-mailed resume link opens (`/resume#<token>`; the token in the fragment, which no request
 * carries, so no server log keeps it). It takes the saved answers from the server, once (the draft is
 * deleted as they are given), puts them in this browser's draft of that form and opens the form at the
 * step it was saved on, where the form's notice says they were filled in. A used, replaced or expired
 * link gets a page that says so and leads to the services, to start again.
 */
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { Link } from '../../../app/Link.tsx';
import { contract } from '../../../generated/contract.ts';
import { registry } from '../../../generated/registry.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { resumeDraft, type ResumedDraft } from './draftApi.ts';
import { draftKey, writeDraft } from './draftStore.ts';

/**
 * One request per token for the page's life: the link works once, so a second render's (StrictMode's
 * double effect in development, a remount) must get the same answer, not "already used".
 */
const asked = new Map<string, Promise<ResumedDraft | 'gone' | 'failed'>>();
function ask(token: string) {
  let pending = asked.get(token);
  if (!pending) {
    pending = resumeDraft(token);
    asked.set(token, pending);
    // A failure (no connection) may be tried again.
    void pending.then((r) => r === 'failed' && asked.delete(token));
  }
  return pending;
}

/** The form the draft belongs to and the address to open it at, or null when the site no longer has it. */
function destination(draft: ResumedDraft): string | null {
  const service = registry.services.find((s) => s.collection === draft.service);
  const variant = service?.forms.find((f) => f.id === draft.variant);
  if (!service || !variant) return null;
  // The saved address, if it is one of this form's (its route with the route's values); else its route.
  const path = matchPath(variant.route, draft.path) ? draft.path : variant.route.includes(':') ? null : variant.route;
  if (!path) return null;
  writeDraft(draftKey(service.collection, variant.id), { savedAt: Date.now(), values: draft.values, from: 'link' });
  const search = new URLSearchParams({ lang: draft.locale });
  if (draft.step) search.set('step', draft.step);
  return `${path}?${search.toString()}`;
}

export default function ResumePage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [token] = useState(() => hash.replace(/^#/, ''));
  const [state, setState] = useState<'loading' | 'gone' | 'failed'>(token ? 'loading' : 'gone');
  useDocumentTitle(intl.formatMessage({ id: state === 'gone' ? 'drafts.resume.goneTitle' : 'drafts.resume.title' }));

  const open = useCallback(() => {
    if (!token) return;
    setState('loading');
    void ask(token).then((result) => {
      if (result === 'gone' || result === 'failed') return setState(result);
      const to = destination(result);
      if (to) void navigate(to, { replace: true });
      else setState('gone');
    });
  }, [token, navigate]);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the request starts when the page shows; its answer sets the state
  useEffect(open, [open]);

  if (state === 'loading') {
    return (
      <Stack>
        <Title order={1} size="h2">
          <FormattedMessage id="drafts.resume.title" />
        </Title>
        <Loader role="progressbar" aria-label={intl.formatMessage({ id: 'drafts.resume.loading' })} />
      </Stack>
    );
  }
  if (state === 'failed') {
    return (
      <Stack>
        <Title order={1} size="h2">
          <FormattedMessage id="drafts.resume.title" />
        </Title>
        <Alert color="red" role="alert">
          <FormattedMessage id="drafts.resume.failed" />
        </Alert>
        <Button onClick={open} w="fit-content">
          <FormattedMessage id="drafts.resume.retry" />
        </Button>
      </Stack>
    );
  }
  return (
    <Stack data-testid="draft-gone">
      <Title order={1} size="h2">
        <FormattedMessage id="drafts.resume.goneTitle" />
      </Title>
      <Text>
        <FormattedMessage id="drafts.resume.goneBody" values={{ days: contract.drafts.days }} />
      </Text>
      <Button component={Link} to={`/?lang=${intl.locale}`} w="fit-content">
        <FormattedMessage id="route.home" />
      </Button>
    </Stack>
  );
}
