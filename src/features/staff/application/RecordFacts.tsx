/** The payment state and the applicant's cancellation window of an application, as the server recorded them. */
import { Badge, Group, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StoredRecord } from '../RecordCard.tsx';

const instant = (stored: string) => stored.replace(' ', 'T');

export function PaymentState({ record }: { record: StoredRecord }) {
  const intl = useIntl();
  const paid = record.paymentStatus === 'paid';
  const paidAt = typeof record.paidAt === 'string' && record.paidAt ? record.paidAt : '';
  return (
    <Group gap="xs">
      <Badge color={paid ? 'teal.9' : 'gray.7'} variant="outline" data-testid="payment-status" data-status={paid ? 'paid' : 'unpaid'}>
        <FormattedMessage id={paid ? 'admin.payment.paid' : 'admin.payment.unpaid'} />
      </Badge>
      {paid && paidAt && (
        <Text size="sm">
          <FormattedMessage id="staff.application.paidAt" values={{ date: intl.formatDate(instant(paidAt), { dateStyle: 'medium', timeStyle: 'short' }) }} />
        </Text>
      )}
    </Group>
  );
}

/** Whether the applicant may still cancel (as of `now`), until when in their zone, or when they did. */
export function CancellationState({ record, now }: { record: StoredRecord; now: number }) {
  const intl = useIntl();
  const deadline = typeof record.cancelDeadline === 'string' ? record.cancelDeadline : '';
  if (!deadline) return null;
  const cancelledAt = typeof record.cancelledAt === 'string' ? record.cancelledAt : '';
  const zone = typeof record.timeZone === 'string' && record.timeZone ? record.timeZone : undefined;
  const format = (stored: string) => {
    // The day and time in the applicant's zone, named: the window closes at their midnight.
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
    try {
      return new Intl.DateTimeFormat(intl.locale, { ...options, timeZone: zone }).format(new Date(instant(stored)));
    } catch {
      return new Intl.DateTimeFormat(intl.locale, options).format(new Date(instant(stored)));
    }
  };
  const id = cancelledAt ? 'staff.cancelled' : Date.parse(instant(deadline)) > now ? 'staff.cancelOpen' : 'staff.cancelClosed';
  return (
    <Text size="sm" fw={600} data-testid="cancel-deadline" data-state={cancelledAt ? 'cancelled' : id === 'staff.cancelOpen' ? 'open' : 'closed'}>
      <FormattedMessage id={id} values={{ date: format(cancelledAt || deadline) }} />
    </Text>
  );
}
