/**
 * The answers of an application, every field its admin card names, as the staff card shows them
 * (FieldValue, GroupValue, FilesValue): copy buttons, option texts, dates in the reader's language, a
 * repeating group as a table, masked values revealed by an admin's audited click. A conditional or
 * retired field only when it holds a value. The files' previews are a section of their own
 * (ApplicationFiles.tsx), so here a file is its link.
 */
import { Box } from '@mantine/core';
import type { AdminCard } from '../../../engine/types.ts';
import { onCard } from '../cardValues.ts';
import { FieldValue } from '../FieldValue.tsx';
import { FilesValue } from '../FilesValue.tsx';
import { GroupValue } from '../GroupValue.tsx';
import type { StoredRecord } from '../RecordCard.tsx';

interface Props {
  card: AdminCard;
  record: StoredRecord;
  fileUrl: (name: string) => string;
  /** Admins only: the plain value of a masked field, from the server (audited there). */
  reveal?: (field: string) => Promise<string>;
  /** The print view: no copy buttons (nothing to press on paper). */
  copy?: boolean;
}

export function ApplicationFields({ card, record, fileUrl, reveal, copy = true }: Props) {
  return (
    <Box component="dl" m={0} style={{ display: 'grid', gap: 6 }} data-testid="application-fields">
      {card.fields.map((stated) => {
        // A page has room for a file's whole name (a card shows its tail): the link then reads as it is named.
        const field = { ...stated, tail: undefined, copy: copy && stated.copy };
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
            preview={false}
            fileUrl={field.display === 'file' && value ? fileUrl(value) || undefined : undefined}
            reveal={reveal && field.display === 'masked' ? () => reveal(field.name) : undefined}
          />
        );
      })}
    </Box>
  );
}
