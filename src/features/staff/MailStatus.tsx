/**
 * The e-mails of one submission (the outbox): to whom, and whether each was sent, is waiting or
 * failed. A staff admin can send one again; the server decides (POST /api/formwork/outbox/{id}/resend).
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

export interface OutboxItem {
  id: string;
  /** reply: an answer staff wrote from the application's page (pb_hooks/lib/replies.js). */
  kind: 'applicant' | 'staff' | 'reply';
  to: string;
  status: 'pending' | 'sent' | 'failed';
  sentAt?: string;
  attempts?: number;
}

const COLOR = { sent: 'teal.9', pending: 'violet.9', failed: 'red.9' } as const;

export function MailStatus({ items, canResend, onResend }: { items: OutboxItem[]; canResend: boolean; onResend: (id: string) => Promise<void> }) {
  const intl = useIntl();
  const [busy, setBusy] = useState<string | null>(null);
  if (items.length === 0) return null;
  return (
    <Stack gap={4} data-testid="mail-status">
      <Text size="sm" fw={600}>
        <FormattedMessage id="admin.mail.label" />
      </Text>
      {items.map((item) => (
        <Group key={item.id} gap="xs" wrap="wrap" data-mail-status={item.status}>
          <Badge color={COLOR[item.status]} variant="outline">
            <FormattedMessage id={`admin.mail.status.${item.status}`} />
          </Badge>
          {/* An address has nowhere to break: it breaks anywhere rather than widen a phone's screen. */}
          <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            <FormattedMessage id={`admin.mail.kind.${item.kind}`} values={{ to: item.to }} />
            {item.status === 'sent' && item.sentAt ? ` · ${intl.formatDate(item.sentAt, { dateStyle: 'medium', timeStyle: 'short' })}` : ''}
          </Text>
          {canResend && item.status !== 'pending' && (
            <Button
              size="compact-xs"
              variant="subtle"
              loading={busy === item.id}
              onClick={() => {
                setBusy(item.id);
                void onResend(item.id).finally(() => setBusy(null));
              }}
            >
              <FormattedMessage id="admin.mail.resend" />
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
