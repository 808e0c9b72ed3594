/**
 * The applicant's own page of an application with agreements (/application/<service>/<token>, the link
 * in their e-mail): where it stands, until when they may cancel (with the button while they may), and
 * the payment link once it is due. It shows nothing of what the form held.
 */
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { pb } from '../../config/pocketbase.ts';
import { registry } from '../../generated/registry.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import NotFound from '../pages/NotFound.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

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

export default function ApplicationStatusPage() {
  const intl = useIntl();
  const { service: serviceId = '', token = '' } = useParams();
  const service = registry.services.find((s) => s.id === serviceId);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [missing, setMissing] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(intl.formatMessage({ id: 'application.title' }));
  const path = `/api/formwork/application/${encodeURIComponent(serviceId)}/${encodeURIComponent(token)}`;

  useEffect(() => {
    let live = true;
    pb.send<Summary>(path, {}).then(
      (s) => live && setSummary(s),
      (err: { status?: number }) => live && (err.status === 404 ? setMissing(true) : setFailed('application.loadFailed')),
    );
    return () => {
      live = false;
    };
  }, [path]);

  if (!service || missing) return <NotFound />;

  const cancel = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      setSummary(await pb.send<Summary>(`${path}/cancel`, { method: 'POST' }));
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
          {summary.cancelledAt && (
            <Alert color="gray" role="none">
              <FormattedMessage id="application.cancelled" values={{ date: when(summary.cancelledAt) }} />
            </Alert>
          )}
          {summary.canCancel && (
            <Stack gap="xs" data-testid="cancel-window">
              <Text fw={700}>
                <FormattedMessage id="application.canCancel" values={{ date: when(summary.cancelDeadline) }} />
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
              <FormattedMessage id="application.windowClosed" values={{ date: when(summary.cancelDeadline) }} />
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
