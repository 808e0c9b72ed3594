/**
 * The applicant's own page of an application with agreements (/application/<service>#<token>, the link
 * in their e-mail): where it stands, until when they may cancel (with the button while they may), and
 * the payment link once it is due. It shows nothing of what the form held.
 *
 * The token is the key to cancel a contract, so it never goes into a URL a server sees: the browser
 * keeps the fragment to itself, and the page sends the token to the API in a header (X-Application-Token;
 * pb_hooks/lib/application.js). A link of the older form (/application/<service>/<token>, already e-mailed)
 * still works: the page moves the token into the fragment before it calls the API. That first page load
 * (and the referrer of its own files) reached the server with the token in its path, as it always did.
 */
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { pb } from '../../config/pocketbase.ts';
import { registry } from '../../generated/registry.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import NotFound from '../pages/NotFound.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { contract } from '../../generated/contract.ts';
import { SignedCopyButton } from './SignedCopyButton.tsx';
import { formatDay } from '../../engine/dates.ts';

interface Summary {
  service: string;
  reference: string;
  submitted: string;
  status: string;
  cancelDeadline: string;
  cancelLastDay: string;
  timeZone: string;
  cancelledAt: string;
  canCancel: boolean;
  checkoutUrl: string;
  paid: boolean;
}

const isoOf = (pbDate: string) => pbDate.replace(' ', 'T');

/** The header the API reads the token from (pb_hooks/lib/application.js TOKEN_HEADER). */
const TOKEN_HEADER = contract.headers.applicationToken;

export default function ApplicationStatusPage() {
  const intl = useIntl();
  const { service: serviceId = '', token: tokenInPath = '' } = useParams();
  const { hash, search } = useLocation();
  const navigate = useNavigate();
  const token = tokenInPath ? '' : hash.replace(/^#/, '');
  const service = registry.services.find((s) => s.id === serviceId);
  const [summary, setSummary] = useState<Summary | null>(null);
  // The token the API answered 404 for: the page is "not found" for it, or when the link has no token.
  const [unknownToken, setUnknownToken] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(intl.formatMessage({ id: 'application.title' }));
  const path = `/api/formwork/application/${encodeURIComponent(serviceId)}`;
  const headers = { [TOKEN_HEADER]: token };

  // An older link: the token out of the path (the router's history.replaceState) before the API is called,
  // so the page's own requests never carry it, not even in their Referer.
  useEffect(() => {
    if (tokenInPath) void navigate({ pathname: `/application/${encodeURIComponent(serviceId)}`, search, hash: tokenInPath }, { replace: true });
  }, [navigate, serviceId, tokenInPath, search]);

  useEffect(() => {
    if (tokenInPath || !token) return;
    let live = true;
    pb.send<Summary>(path, { headers: { [TOKEN_HEADER]: token } }).then(
      (s) => live && setSummary(s),
      (err: { status?: number }) => live && (err.status === 404 ? setUnknownToken(token) : setFailed('application.loadFailed')),
    );
    return () => {
      live = false;
    };
  }, [path, token, tokenInPath]);

  const missing = !tokenInPath && (!token || unknownToken === token);
  if (!service || missing) return <NotFound />;

  const cancel = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      setSummary(await pb.send<Summary>(`${path}/cancel`, { method: 'POST', headers }));
      setFailed(null);
    } catch (err) {
      setFailed((err as { status?: number }).status === 400 ? 'application.cancelClosed' : 'application.cancelFailed');
    } finally {
      setBusy(false);
    }
  };

  // In the applicant's time zone (the one the deadline is midnight in), named, so the hour is unambiguous.
  const when = (pbDate: string) =>
    intl.formatDate(isoOf(pbDate), {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: summary?.timeZone || undefined,
      timeZoneName: 'short',
    });
  // The last day to cancel, said as the success page and the e-mails say it (formatDay, the zone's name).
  const lastDay = summary ? { day: formatDay(summary.cancelLastDay, intl), timeZone: summary.timeZone } : {};
  return (
    <Stack>
      <Title order={1} size="h2">
        <FormattedMessage id="application.title" />
      </Title>
      {!summary && !failed && <Loader role="progressbar" aria-label={intl.formatMessage({ id: 'app.loading' })} />}
      <div role="status">{failed && <Alert color="red">{intl.formatMessage({ id: failed })}</Alert>}</div>
      {summary && (
        <Stack gap="xs" data-testid="application-summary" data-status={summary.status}>
          <Text>
            <FormattedMessage id="application.service" values={{ service: intl.formatMessage({ id: `${service.messages}.title` }) }} />
          </Text>
          <Text>
            <FormattedMessage id="application.reference" values={{ reference: summary.reference, date: when(summary.submitted) }} />
          </Text>
          <Text fw={600}>
            <FormattedMessage id="application.status" values={{ status: intl.formatMessage({ id: `status.${summary.status}` }) }} />
          </Text>
          <SignedCopyButton path={`${path}/agreement-pdf`} headers={headers} fileName={`${summary.reference}-agreement.pdf`} />
          {summary.cancelledAt && (
            <Alert color="gray" role="none">
              <FormattedMessage id="application.cancelled" values={{ date: when(summary.cancelledAt) }} />
            </Alert>
          )}
          {summary.canCancel && (
            <Stack gap="xs" data-testid="cancel-window">
              <Text fw={700}>
                <FormattedMessage id="application.canCancel" values={lastDay} />
              </Text>
              <Group>
                <Button color="red.9" variant="outline" loading={busy} onClick={() => setConfirming(true)}>
                  <FormattedMessage id="application.cancel" />
                </Button>
              </Group>
            </Stack>
          )}
          {!summary.canCancel && !summary.cancelledAt && summary.cancelDeadline && (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="application.windowClosed" values={lastDay} />
            </Text>
          )}
          {summary.checkoutUrl ? (
            <Anchor href={summary.checkoutUrl} target="_blank" rel="noopener noreferrer" fw={600} data-testid="payment-link">
              <FormattedMessage id="application.pay" />
            </Anchor>
          ) : summary.paid ? (
            <Text>
              <FormattedMessage id="application.paid" />
            </Text>
          ) : (
            !summary.cancelledAt && (
              <Text size="sm" data-testid="payment-later">
                <FormattedMessage id={`application.payment.${service.payment}`} />
              </Text>
            )
          )}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title={intl.formatMessage({ id: 'application.cancel' })}
        cancelLabel={intl.formatMessage({ id: 'application.cancel.keep' })}
        confirmLabel={intl.formatMessage({ id: 'application.cancel.submit' })}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void cancel()}
      >
        <FormattedMessage id="application.cancel.confirm" />
      </ConfirmDialog>
    </Stack>
  );
}
