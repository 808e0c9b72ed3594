/**
 * The blocks that say what a submit gave the applicant (schemas: `reference`, `mailed`, `cancellation`,
 * `applicationLink`), from the submit's router state (src/engine/successState.ts). Without that state (a
 * page opened by its address, a reload that lost it) each shows nothing: the page's own texts stand, and
 * it never shows a reference or a deadline it does not know.
 */
import { Anchor, Button, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { Link } from '../app/Link.tsx';
import { formatDay } from '../engine/dates.ts';
import { readSuccessState, type SuccessState } from '../engine/successState.ts';

const useSuccessState = (): SuccessState | null => readSuccessState(useLocation().state);

/** The reference, large, with a copy button and the line that asks to quote it. */
export function ReferenceBlock() {
  const intl = useIntl();
  const state = useSuccessState();
  if (!state) return null;
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Paper withBorder p="md" data-testid="success-reference">
      <Stack gap={4}>
        <Text size="sm" id="success-reference-label">
          {t('success.reference.label')}
        </Text>
        <Group gap="sm" align="center">
          {/* Spaced and monospaced, so it reads and copies as typed; the copy button copies it exactly. */}
          <Text component="strong" ff="monospace" fz={28} fw={700} lts={1} aria-labelledby="success-reference-label" data-testid="reference">
            {state.reference}
          </Text>
          <CopyButton value={state.reference}>
            {({ copied, copy }) => (
              <>
                {/* Its name stays what it does; the status beside it says it was done (read out politely). */}
                <Button variant="default" size="xs" onClick={copy}>
                  {t('success.reference.copy')}
                </Button>
                <Text size="sm" role="status" aria-live="polite" c="teal.9">
                  {copied ? t('success.reference.copied') : ''}
                </Text>
              </>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">{t('success.reference.quote')}</Text>
      </Stack>
    </Paper>
  );
}

/** The message, when an e-mail to the applicant was queued with the application. */
export function MailedBlock({ message }: { message: string }) {
  const intl = useIntl();
  const state = useSuccessState();
  if (!state?.mailed) return null;
  return <Text data-testid="success-mailed">{intl.formatMessage({ id: message })}</Text>;
}

/**
 * The last day to cancel in the reader's language (the one long date format of every page: formatDay)
 * and the zone whose midnight ends it, by its name as the e-mail gives it ("America/Chicago").
 */
export function CancellationBlock({ message }: { message: string }) {
  const intl = useIntl();
  const until = useSuccessState()?.cancelUntil;
  if (!until) return null;
  return (
    <Text fw={700} data-testid="success-cancellation">
      {intl.formatMessage({ id: message }, { day: formatDay(until.day, intl), timeZone: until.timeZone })}
    </Text>
  );
}

/**
 * A link to the applicant's private page of the application. The server names it by the site's public
 * address; the link stays on this site (the same page, wherever the site is served from), with the token
 * in the fragment, which no server sees.
 */
export function ApplicationLinkBlock({ message }: { message: string }) {
  const intl = useIntl();
  const url = useSuccessState()?.applicationUrl;
  if (!url) return null;
  const { pathname, hash } = new URL(url);
  return (
    <Anchor component={Link} to={{ pathname, hash }} fw={600} data-testid="success-application-link">
      {intl.formatMessage({ id: message })}
    </Anchor>
  );
}
