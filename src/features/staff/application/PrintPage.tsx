/**
 * An application for the paper file (`<admin.route>/:id/print`): the page's content without its controls,
 * laid out for print (application.css), and a button that opens the browser's print dialog. Masked values
 * (the SSN) stay masked unless an admin reveals one here first, through the same audited reveal as on
 * the page; the reveal button itself is not printed. Images are printed; a PDF is named (a frame does not print).
 */
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router-dom';
import { Link } from '../../../app/Link.tsx';
import type { ServiceEntry } from '../../../engine/types.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { isAdmin } from '../role.ts';
import { ApplicationFields } from './ApplicationFields.tsx';
import { ApplicationFiles } from './ApplicationFiles.tsx';
import { ApplicationHeader, referenceOf } from './ApplicationHeader.tsx';
import { listSearch } from './listContext.ts';
import { loadNotes, type NoteEntry } from './loadApplication.ts';
import { MailList } from './MailList.tsx';
import { NoteList } from './NoteList.tsx';
import { CancellationState, PaymentState } from './RecordFacts.tsx';
import { Section } from './Section.tsx';
import { SignatureEvidence } from './SignatureEvidence.tsx';
import { StatusHistory } from './StatusHistory.tsx';
import { useApplication } from './useApplication.ts';
import './application.css';

export default function PrintPage({ service }: { service: ServiceEntry }) {
  const intl = useIntl();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { loaded, error, failed, fileUrl, reveal } = useApplication(service, id);
  const [notes, setNotes] = useState<{ of: string; notes: NoteEntry[] } | null>(null);
  useEffect(() => {
    let live = true;
    loadNotes(service, id).then(
      (found) => live && setNotes({ of: id, notes: found }),
      (err: unknown) => live && failed(err),
    );
    return () => {
      live = false;
    };
  }, [service, id, failed]);
  const record = loaded.state === 'ready' ? loaded.record : null;
  const listTitle = intl.formatMessage({ id: service.admin.title });
  useDocumentTitle(record ? `${referenceOf(record)} · ${listTitle}` : listTitle);
  const back = `${service.admin.route}/${encodeURIComponent(id)}${listSearch(params)}`;

  if (loaded.state === 'loading') return <Loader role="progressbar" aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  if (loaded.state !== 'ready')
    return (
      <Alert color={loaded.state === 'missing' ? 'yellow' : 'red'} role="alert">
        <FormattedMessage id={loaded.state === 'missing' ? 'staff.application.missing' : 'staff.application.loadFailed'} />
      </Alert>
    );
  const stored = loaded.record;
  const status = String(stored.status ?? '');
  return (
    <Stack data-testid="application-print" data-application-view="print" data-record-id={stored.id} gap="lg" maw={820} p="md">
      <Group justify="space-between" className="print-hide" gap="sm">
        <Anchor component={Link} to={back} size="sm">
          <FormattedMessage id="staff.application.print.back" />
        </Anchor>
        <Button size="compact-sm" onClick={() => window.print()} data-testid="print">
          <FormattedMessage id="staff.application.print.open" />
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" className="print-hide">
          {error}
        </Alert>
      )}
      <ApplicationHeader service={service} record={stored} copy={false} />
      <Section title="staff.application.section.answers">
        <ApplicationFields card={service.admin} record={stored} fileUrl={fileUrl} reveal={isAdmin() ? reveal : undefined} copy={false} />
      </Section>
      <Section title="staff.application.section.files">
        <ApplicationFiles card={service.admin} record={stored} fileUrl={fileUrl} pdf={false} />
      </Section>
      <Section title="staff.application.section.status">
        <Text size="sm" data-testid="status" data-status={status}>
          <FormattedMessage id="staff.status.label" />{' '}
          <strong>{`status.${status}` in intl.messages ? intl.formatMessage({ id: `status.${status}` }) : status}</strong>
        </Text>
        <CancellationState record={stored} now={loaded.at} />
        <StatusHistory history={loaded.history} />
      </Section>
      {service.payments && (
        <Section title="staff.application.section.payment">
          <PaymentState record={stored} />
        </Section>
      )}
      {service.agreements && (
        <Section title="staff.application.section.signature" testId="signature-evidence">
          <SignatureEvidence signatures={loaded.signatures} timeZone={typeof stored.timeZone === 'string' ? stored.timeZone : undefined} />
        </Section>
      )}
      <Section title="staff.application.section.notes">{notes?.of === id && <NoteList notes={notes.notes} />}</Section>
      <Section title="staff.application.section.mail">
        <MailList items={loaded.mail} />
      </Section>
    </Stack>
  );
}
