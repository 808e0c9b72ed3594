/**
 * How the staff card shows a field, derived from its schema: the shape of the value decides (a
 * repeating group is a table, several files a list, a `format: date` a date in the reader's language),
 * and admin.ui.json may only choose among the displays that suit that shape. Pure functions of the
 * schema, shared by the model (service.ts) and the registry emitter (emit/registry.ts).
 */
import type { AdminColumn, AdminDisplay } from '../../shared/registry.ts';
import type { PropertySchema } from '../sources.ts';

/** An array of objects (form.schema.json's repeating group). */
export const isGroup = (prop: PropertySchema): boolean =>
  prop.type === 'array' && !!prop.items && typeof prop.items === 'object' && !Array.isArray(prop.items) && prop.items.type === 'object';

/** A file field that takes several files (`type: array` with x-file). */
export const isFiles = (prop: PropertySchema): boolean => !!prop['x-file'] && prop.type === 'array';

/** The display a field gets when admin.ui.json names none (a sensitive field is always masked). */
export function derivedDisplay(prop: PropertySchema): AdminDisplay {
  if (prop['x-sensitive']) return 'masked';
  if (isFiles(prop)) return 'files';
  if (prop['x-file']) return 'file';
  if (isGroup(prop)) return 'group';
  if (prop.format === 'date') return 'date';
  if (prop['x-format'] === 'usd') return 'usd';
  return 'text';
}

/**
 * What is wrong with admin.ui.json's explicit `display` (and `copy`) for this field, if anything: a
 * table and a list of files have one display only and nothing a copy button could hold; `date` needs
 * a date to show (the other way round, a date may be shown as stored with `text`).
 */
export function displayProblem(prop: PropertySchema, display: AdminDisplay | undefined, copy: boolean | undefined): string | undefined {
  const derived = derivedDisplay(prop);
  if (derived === 'group' || derived === 'files') {
    const what = derived === 'group' ? 'a repeating group is shown as a table of its rows' : 'a field of several files is shown as the list of its files';
    if (display !== undefined && display !== derived) return `display "${display}" does not apply here: ${what}; leave "display" out`;
    if (copy) return `copy does not apply here: ${what}, which has no single value to copy`;
  }
  if (display === 'date' && derived !== 'date') return 'display "date" needs a date field (type string, format date)';
  return undefined;
}

/** The copy button's default: on for a single value, off for a table or a list of files. */
export const defaultCopy = (display: AdminDisplay): boolean => display !== 'group' && display !== 'files';

/**
 * A group's table columns: one per item field in the schema's order, with its label and (for a
 * choice) option texts under `<ns>.fields.<group>.items.<item>.` (a shared list's: `options.<list>`).
 */
export function groupColumns(ns: string, group: string, prop: PropertySchema): AdminColumn[] {
  if (!isGroup(prop)) return [];
  const items = prop.items as PropertySchema;
  return Object.entries(items.properties ?? {}).map(([name, item]) => {
    const schema: PropertySchema = typeof item === 'object' ? item : {};
    const key = `${ns}.fields.${group}.items.${name}`;
    return {
      name,
      label: `${key}.label`,
      display: schema.format === 'date' ? 'date' : schema.type === 'boolean' ? 'bool' : 'text',
      // A shared list's texts (x-options) as a root field's are, else the group's own.
      ...(schema['x-options'] ? { options: `options.${schema['x-options']}` } : schema.enum ? { options: `${key}.options` } : {}),
    };
  });
}
