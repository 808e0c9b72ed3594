/** One application on a staff list: the fields its admin card names, and a delete button. */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminCard } from '../../engine/types.ts';
import { FieldValue } from './FieldValue.tsx';

export interface StoredRecord {
  id: string;
  created?: string;
  variant?: string;
  [field: string]: unknown;
}

export function RecordCard({ record, card, fileUrl, onDelete }: { record: StoredRecord; card: AdminCard; fileUrl: (name: string) => string; onDelete: () => void }) {
  const intl = useIntl();
  return (
    <Card withBorder padding="md" data-testid="record-card" data-record-id={record.id} component="article">
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          <FormattedMessage id="admin.submitted" values={{ date: record.created ? intl.formatDate(record.created, { dateStyle: 'medium', timeStyle: 'short' }) : '' }} />
          {' · '}
          <FormattedMessage id="admin.form" values={{ form: String(record.variant ?? '') }} />
        </Text>
        {card.fields.map((field) => {
          const value = String(record[field.name] ?? '');
          return <FieldValue key={field.name} field={field} value={value} fileUrl={field.display === 'file' && value ? fileUrl(value) : undefined} />;
        })}
        <Group justify="flex-end">
          <Button color="red" variant="light" onClick={onDelete}>
            <FormattedMessage id="admin.delete" />
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
