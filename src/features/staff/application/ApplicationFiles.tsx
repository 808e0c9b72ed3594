/** Every file of an application, field by field in the card's order, each with its preview and links. */
import { SimpleGrid, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminCard } from '../../../engine/types.ts';
import { fileNames, labelOf } from '../cardValues.ts';
import type { StoredRecord } from '../RecordCard.tsx';
import { FilePreview } from './FilePreview.tsx';

/** The card's file fields and their stored names, in order. */
export function filesOf(card: AdminCard, record: StoredRecord): { field: AdminCard['fields'][number]; name: string }[] {
  return card.fields
    .filter((f) => f.display === 'file' || f.display === 'files')
    .flatMap((field) => fileNames(record[field.name]).map((name) => ({ field, name })));
}

export function ApplicationFiles({ card, record, fileUrl, pdf = true }: { card: AdminCard; record: StoredRecord; fileUrl: (name: string) => string; pdf?: boolean }) {
  const intl = useIntl();
  const files = filesOf(card, record);
  if (files.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="staff.application.files.none" />
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {files.map(({ field, name }) => (
        <FilePreview key={name} name={name} label={labelOf(field, intl.messages, (id) => intl.formatMessage({ id }))} url={fileUrl(name)} previews={{ pdf }} />
      ))}
    </SimpleGrid>
  );
}
