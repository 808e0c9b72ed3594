/** The e-mails of an application as text, for the print view: to whom, of which kind, and whether each was sent. */
import { Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { OutboxItem } from '../MailStatus.tsx';

export function MailList({ items }: { items: OutboxItem[] }) {
  const intl = useIntl();
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="staff.application.mail.none" />
      </Text>
    );
  return (
    <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }} data-testid="mail-status">
      {items.map((item) => (
        <Text component="li" size="sm" key={item.id} data-mail-status={item.status}>
          <FormattedMessage id={`admin.mail.kind.${item.kind}`} values={{ to: item.to }} />
          {' — '}
          <FormattedMessage id={`admin.mail.status.${item.status}`} />
          {item.status === 'sent' && item.sentAt ? ` · ${intl.formatDate(item.sentAt.replace(' ', 'T'), { dateStyle: 'medium', timeStyle: 'short' })}` : ''}
        </Text>
      ))}
    </ul>
  );
}
