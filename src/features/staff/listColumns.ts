/**
 * What a staff list asks the server for and how its cells read stored values, as plain functions. Its
 * columns are admin.ui.json's (generated into AdminCard.columns).
 */
import type { IntlShape } from 'react-intl';
import type { AdminField, AdminListColumn, ServiceEntry } from '../../engine/types.ts';
import { formatDay } from '../../engine/dates.ts';
import { formatUsd } from '../../engine/numberFormat.ts';
import { maskLast4, tail } from './display.ts';

/** One column of a list (admin.ui.json "columns", generated: shared/registry.ts AdminListColumn). */
export type ListColumn = AdminListColumn;

/** A service's list columns. */
export const columnsOf = (service: ServiceEntry): ListColumn[] => service.admin.columns;

/** The fields a list may sort by: those of its sortable columns. */
export const sortableFields = (columns: readonly ListColumn[]): string[] => columns.flatMap((c) => (c.sort ? [c.sort] : []));

/** The fields the list asks the server for: what its columns show (never a whole record of files and groups). */
export function fieldsOf(columns: readonly ListColumn[]): string {
  const fields = new Set(['id', 'collectionId', 'collectionName', 'created', 'status', 'reference', 'assignee']);
  for (const column of columns) {
    if (column.kind === 'name') column.fields?.forEach((f) => fields.add(f));
    else if (column.kind === 'paid') fields.add('paymentStatus');
    else if (column.kind === 'variant') fields.add('variant');
    else if (column.kind === 'field' && column.field) fields.add(column.field.name);
  }
  return [...fields].join(',');
}

/** A PocketBase date ("2026-11-23 05:00:00.000Z") as a Date. */
export const pbDate = (value: string): Date => new Date(value.replace(' ', 'T'));

/**
 * When a record was submitted, in the site's one date format (common i18n `date.long`, as e-mails and the
 * export say days) and the time of day, both in the reader's time zone.
 */
export function submittedText(created: string, intl: IntlShape): string {
  const at = pbDate(created);
  if (Number.isNaN(at.getTime())) return created;
  const day = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  return `${formatDay(day, intl)}, ${intl.formatTime(at, { timeStyle: 'short' })}`;
}

/** A field column's cell as text: masked values masked, choices by their text, amounts in dollars, dates in the reader's language. */
export function fieldText(field: AdminField, stored: unknown, intl: IntlShape): string {
  if (stored === undefined || stored === null || stored === '') return '';
  if (Array.isArray(stored)) return stored.map(String).join(', ');
  const value = typeof stored === 'object' ? JSON.stringify(stored) : String(stored as string | number | boolean);
  if (field.options && field.display !== 'masked') return intl.formatMessage({ id: `${field.options}.${value}` });
  switch (field.display) {
    case 'masked':
      return maskLast4(value);
    case 'usd':
      return formatUsd(value, intl.locale, true);
    case 'date':
      return formatDay(value, intl);
    default:
      return tail(value, field.tail);
  }
}
