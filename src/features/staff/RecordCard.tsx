/**
 * One application on a staff list: its reference, when and through which form it came, its status, every field its
 * admin card names (sensitive ones masked, revealed on an admin's audited click; a repeating group as
 * a table, several files as a list; a conditional field only when answered), its e-mails, and, for
 * admins, Delete.
 */
import { Badge, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminCard, FormVariant, ServiceEntry } from '../../engine/types.ts';
import { onCard } from './cardValues.ts';
import { FieldValue } from './FieldValue.tsx';
import { FilesValue } from './FilesValue.tsx';
import { GroupValue } from './GroupValue.tsx';
import { MailStatus, type OutboxItem } from './MailStatus.tsx';
import { StatusControl } from './StatusControl.tsx';
import { SignedCopyButton } from '../application/SignedCopyButton.tsx';

export interface StoredRecord {
  id: string;
  created?: string;
  variant?: string;
  status?: string;
  [field: string]: unknown;
}

interface Props {
  record: StoredRecord;
  card: AdminCard;
  /** The service's form variants, to name the one the record came through (else its id is shown). */
  forms?: FormVariant[];
  fileUrl: (name: string) => string;
  /** When the list was loaded (ms since the epoch): a cancel window is told open or closed as of then. */
  now: number;
  /** Admins only: move to the trash. Without it there is no Delete button. */
  onDelete?: () => void;
  /** The service takes payment: show what the provider reported (paid / unpaid). */
  payments?: boolean;
  /** The submission's e-mails, and whether this staff member may send one again. */
  mail?: { items: OutboxItem[]; canResend: boolean; onResend: (id: string) => Promise<void> };
  /** The status workflow: where the record is, and (admins) a change; omitted in previews. */
  workflow?: { service: ServiceEntry; canChange: boolean; onChanged: (status: string) => void };
  /** Admins only: the plain value of a masked field, from the server (audited there). */
  reveal?: (field: string) => Promise<string>;
  /** A service with agreements: the signed copy's PDF, with the staff member's sign-in. */
  signedCopy?: { collection: string; authorization: string };
}

/**
 * A card off screen is not styled, laid out or painted until it nears the viewport (it stays in the
 * accessibility tree and find-in-page): a page of cards is dozens of grids, and on a phone one card
 * fills the screen. Until a card has been rendered once, it takes about the room its rows will (its
 * header, status and buttons, and a line per field), so the page's height hardly changes on the way down.
 */
const offScreenSkipped = (fields: number) => ({ contentVisibility: 'auto', containIntrinsicSize: `auto ${20 + fields * 2.5}rem` }) as const;

export function RecordCard({ record, card, forms = [], fileUrl, now, onDelete, mail, payments = false, workflow, reveal, signedCopy }: Props) {
  const intl = useIntl();
  const form = forms.find((f) => f.id === record.variant);
  const formName = form ? intl.formatMessage({ id: form.title }) : String(record.variant ?? '');
  const submitted = record.created ? intl.formatDate(record.created, { dateStyle: 'medium', timeStyle: 'short' }) : '';
  return (
    <Card withBorder padding="md" data-testid="record-card" data-record-id={record.id} component="article" style={offScreenSkipped(card.fields.length)}>
      <Stack gap={6}>
        {typeof record.reference === 'string' && record.reference && (
          // What the applicant quotes (their success page and e-mails show it): the card's name.
          <Text fw={700} ff="monospace" data-testid="record-reference">
            <FormattedMessage id="admin.reference" values={{ reference: record.reference }} />
          </Text>
        )}
        <Text size="xs" c="dimmed">
          <FormattedMessage id="admin.submitted" values={{ date: submitted }} />
          {' · '}
          <FormattedMessage id="admin.form" values={{ form: formName }} />
        </Text>
        {typeof record.cancelDeadline === 'string' && record.cancelDeadline && (
          <Text size="sm" fw={600} data-testid="cancel-deadline">
            <FormattedMessage
              id={record.cancelledAt ? 'staff.cancelled' : Date.parse(record.cancelDeadline.replace(' ', 'T')) > now ? 'staff.cancelOpen' : 'staff.cancelClosed'}
              values={{ date: intl.formatDate(String(record.cancelledAt || record.cancelDeadline).replace(' ', 'T'), { dateStyle: 'medium', timeStyle: 'short' }) }}
            />
          </Text>
        )}
        {signedCopy && (
          <SignedCopyButton
            path={`/api/formwork/staff/agreement-pdf/${encodeURIComponent(signedCopy.collection)}/${encodeURIComponent(record.id)}`}
            headers={{ Authorization: signedCopy.authorization }}
            fileName={`${String(record.reference || record.id)}-agreement.pdf`}
          />
        )}
        {workflow && (
          <StatusControl service={workflow.service} record={record} canChange={workflow.canChange} onChanged={workflow.onChanged} now={now} />
        )}
        {payments && (
          <Badge
            color={record.paymentStatus === 'paid' ? 'teal.9' : 'gray.7'}
            variant="outline"
            data-testid="payment-status"
            data-status={record.paymentStatus === 'paid' ? 'paid' : 'unpaid'}
          >
            <FormattedMessage id={record.paymentStatus === 'paid' ? 'admin.payment.paid' : 'admin.payment.unpaid'} />
          </Badge>
        )}
        <Box component="dl" m={0} style={{ display: 'grid', gap: 4 }}>
          {card.fields.map((field) => {
            const stored = record[field.name];
            if (!onCard(field, stored)) return null;
            if (field.display === 'group') return <GroupValue key={field.name} field={field} value={stored} />;
            if (field.display === 'files') return <FilesValue key={field.name} field={field} value={stored} fileUrl={fileUrl} />;
            // A retired json column (a group the form no longer has) reads as its JSON.
            const value = stored !== null && typeof stored === 'object' ? JSON.stringify(stored) : String(stored ?? '');
            return (
              <FieldValue
                key={field.name}
                field={field}
                value={value}
                fileUrl={field.display === 'file' && value ? fileUrl(value) || undefined : undefined}
                reveal={reveal && field.display === 'masked' ? () => reveal(field.name) : undefined}
              />
            );
          })}
        </Box>
        {mail && <MailStatus {...mail} />}
        {onDelete && (
          <Group justify="flex-end">
            <Button color="red.9" variant="outline" onClick={onDelete}>
              <FormattedMessage id="admin.delete" />
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
