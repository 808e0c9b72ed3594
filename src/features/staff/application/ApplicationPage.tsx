/**
 * One application on a page of its own (`<admin.route>/:id`, the list's query in the address): its
 * reference, every answer with copy buttons, the files with previews, the status and its history, the
 * assignee, the internal notes and replies, the signature evidence, the e-mails sent, the payment state,
 * the cancellation window; the way back to the list and to the applications before and after it there;
 * the print view and the PDF. Viewers read; admins also act (the server enforces the same).
 */
import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router-dom';
import { Link } from '../../../app/Link.tsx';
import type { ServiceEntry } from '../../../engine/types.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { pb } from '../../../config/pocketbase.ts';
import { MailStatus } from '../MailStatus.tsx';
import { isAdmin } from '../role.ts';
import { SignedCopyButton } from '../../application/SignedCopyButton.tsx';
import { ApplicationFields } from './ApplicationFields.tsx';
import { ApplicationFiles } from './ApplicationFiles.tsx';
import { ApplicationHeader, referenceOf } from './ApplicationHeader.tsx';
import { listSearch } from './listContext.ts';
import { ListNav } from './ListNav.tsx';
import { PdfButton } from './PdfButton.tsx';
import { CancellationState, PaymentState } from './RecordFacts.tsx';
import { Section } from './Section.tsx';
import { SignatureEvidence } from './SignatureEvidence.tsx';
import { AssigneeSlot, NotesSlot, StatusSlot } from './slots.tsx';
import { useApplication } from './useApplication.ts';
import './application.css';

export default function ApplicationPage({ service }: { service: ServiceEntry }) {
  const intl = useIntl();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const admin = isAdmin();
  const heading = useRef<HTMLHeadingElement>(null);
  const { loaded, error, setError, failed, reloadMail, patchRecord, fileUrl, filesFailed, reveal, statusChanged } = useApplication(service, id);
  const record = loaded.state === 'ready' ? loaded.record : null;
  const listTitle = intl.formatMessage({ id: service.admin.title });
  useDocumentTitle(record ? `${referenceOf(record)} · ${listTitle}` : listTitle);
  const search = listSearch(params);
  const sensitive = service.admin.fields.some((f) => f.display === 'masked');
  const [notice, setNotice] = useState<string | null>(null);

  /** Queues an e-mail again (the server decides: POST /api/formwork/outbox/{id}/resend) and shows its new state. */
  const resend = async (mailId: string): Promise<void> => {
    try {
      await pb.send(`/api/formwork/outbox/${encodeURIComponent(mailId)}/resend`, { method: 'POST' });
      setNotice(intl.formatMessage({ id: 'admin.mail.resent' }));
      await reloadMail();
    } catch (err) {
      failed(err, 'admin.mail.resendFailed');
    }
  };

  if (loaded.state === 'loading') return <Loader role="progressbar" aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  if (loaded.state !== 'ready')
    return (
      <Stack data-testid="application-page" data-state={loaded.state}>
        <Alert color={loaded.state === 'missing' ? 'yellow' : 'red'} role="alert">
          <FormattedMessage id={loaded.state === 'missing' ? 'staff.application.missing' : 'staff.application.loadFailed'} />
        </Alert>
        <Anchor component={Link} to={`${service.admin.route}${search}`} size="sm">
          <FormattedMessage id="staff.application.back" />
        </Anchor>
      </Stack>
    );

  const stored = loaded.record;
  const slot = {
    service,
    record: stored,
    admin,
    now: loaded.at,
    history: loaded.history,
    onStatusChanged: (status: string) => void statusChanged(status),
    onAssigneeChanged: (assignee: string) => patchRecord({ assignee }),
    onReplySent: () => void reloadMail(),
  };
  return (
    <Stack data-testid="application-page" data-application-view="page" data-record-id={stored.id} gap="md">
      <ListNav service={service} record={stored} onError={failed} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <ApplicationHeader service={service} record={stored} heading={heading} />
        <Group gap="xs" className="print-hide">
          <Anchor component={Link} to={`${service.admin.route}/${encodeURIComponent(stored.id)}/print${search}`} size="sm" data-testid="print-view">
            <FormattedMessage id="staff.application.print" />
          </Anchor>
          <PdfButton collection={service.collection} id={stored.id} fileName={`${referenceOf(stored)}.pdf`} label="staff.application.pdf" onSessionLost={failed} />
          {admin && sensitive && (
            <PdfButton collection={service.collection} id={stored.id} fileName={`${referenceOf(stored)}.pdf`} reveal label="staff.application.pdf.clear" onSessionLost={failed} />
          )}
        </Group>
      </Group>
      <div role="status">
        {notice && (
          <Alert color="green" withCloseButton onClose={() => setNotice(null)} closeButtonLabel={intl.formatMessage({ id: 'admin.cancel' })} role="none">
            {notice}
          </Alert>
        )}
        {error && (
          <Alert color="red" withCloseButton onClose={() => setError(null)} closeButtonLabel={intl.formatMessage({ id: 'admin.cancel' })} role="none">
            {error}
          </Alert>
        )}
      </div>
      {filesFailed && (
        <Alert color="yellow">
          <FormattedMessage id="admin.filesFailed" />
        </Alert>
      )}
      <div className="application-columns">
        <Stack gap="xl">
            <Section title="staff.application.section.answers">
              <ApplicationFields card={service.admin} record={stored} fileUrl={fileUrl} reveal={admin ? reveal : undefined} />
            </Section>
            <Section title="staff.application.section.files" testId="application-files">
              <ApplicationFiles card={service.admin} record={stored} fileUrl={fileUrl} />
            </Section>
        </Stack>
        <Stack gap="xl">
            <Section title="staff.application.section.status">
              <StatusSlot {...slot} />
              <CancellationState record={stored} now={loaded.at} />
            </Section>
            <Section title="staff.application.section.assignee">
              <AssigneeSlot {...slot} />
            </Section>
            {service.payments && (
              <Section title="staff.application.section.payment">
                <PaymentState record={stored} />
              </Section>
            )}
            <Section title="staff.application.section.notes">
              <NotesSlot {...slot} />
            </Section>
            {service.agreements && (
              <Section title="staff.application.section.signature" testId="signature-evidence">
                <SignatureEvidence signatures={loaded.signatures} timeZone={typeof stored.timeZone === 'string' ? stored.timeZone : undefined} />
                <div className="print-hide">
                  <SignedCopyButton
                    path={`/api/formwork/staff/agreement-pdf/${encodeURIComponent(service.collection)}/${encodeURIComponent(stored.id)}`}
                    headers={{ Authorization: pb.authStore.token }}
                    fileName={`${referenceOf(stored)}-agreement.pdf`}
                  />
                </div>
              </Section>
            )}
            <Section title="staff.application.section.mail" testId="application-mail">
              {loaded.mail.length === 0 ? (
                <Text size="sm" c="dimmed">
                  <FormattedMessage id="staff.application.mail.none" />
                </Text>
              ) : (
                <MailStatus items={loaded.mail} canResend={admin} onResend={resend} />
              )}
            </Section>
        </Stack>
      </div>
    </Stack>
  );
}

