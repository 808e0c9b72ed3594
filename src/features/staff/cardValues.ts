/**
 * A stored value as the staff card reads it, as plain functions (tested in Node): whether a field is
 * on the card at all, a repeating group's rows, a several-files field's names, a date in the reader's
 * language.
 */
import type { AdminField } from '../../engine/types.ts';

export type GroupRow = Record<string, unknown>;

/** Nothing stored: no value, an empty text, no rows, no files. */
export const isEmptyValue = (stored: unknown): boolean => stored === undefined || stored === null || stored === '' || (Array.isArray(stored) && stored.length === 0);

/**
 * Whether the card shows the field: a conditional or retired field only when it holds a value. The
 * server keeps no value for a field its condition hid, so an empty one is a question the applicant was
 * never asked; a retired field is one newer applicants were never asked.
 */
export const onCard = (field: Pick<AdminField, 'conditional' | 'retired'>, stored: unknown): boolean => !((field.conditional || field.retired) && isEmptyValue(stored));

/** The field's label: its text, else (a retired field whose texts are gone) the column's name. */
export const labelOf = (field: Pick<AdminField, 'label' | 'name'>, messages: Record<string, unknown>, format: (id: string) => string): string =>
  field.label in messages ? format(field.label) : field.name;

/** A group's rows: PocketBase returns a json column parsed; a string is parsed here (an older reply, a test). */
export function groupRows(stored: unknown): GroupRow[] {
  let rows = stored;
  if (typeof stored === 'string') {
    try {
      rows = stored ? JSON.parse(stored) : [];
    } catch {
      return [];
    }
  }
  return Array.isArray(rows) ? rows.filter((r): r is GroupRow => r !== null && typeof r === 'object' && !Array.isArray(r)) : [];
}

/** A files field's names in stored order (a one-file value read as a list of one). */
export const fileNames = (stored: unknown): string[] => (Array.isArray(stored) ? stored.map(String).filter(Boolean) : stored ? [String(stored)] : []);

