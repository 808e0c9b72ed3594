/**
 * The columns of a service's staff list (admin.ui.json "columns"): the server's own columns (reference,
 * submitted, status, assignee, payment state, form), the applicant's name (the service's mail.name
 * fields joined) and single-valued card fields. Which columns sort is decided here, since each sortable
 * one needs an index (transform/collections.ts): the server's columns always, a card field or the name
 * only when admin.ui.json says `sortable`.
 */
import type { AdminListColumn } from '../../shared/registry.ts';
import type { Problems } from '../errors.ts';
import type { AdminJson } from '../sources.ts';
import type { AdminFieldModel } from './types.ts';

export type ColumnKind = AdminListColumn['kind'];

export interface ListColumnModel {
  name: string;
  kind: ColumnKind;
  /** admin.ui.json's own header (namespaced message key); else the built-in's or the field's label. */
  label?: string;
  /** The PocketBase field the list sorts by; absent: not sortable. */
  sort?: string;
  /** name: the fields joined with a space. */
  fields?: string[];
}

/** Built-in columns and the PocketBase field each sorts by (undefined: sortable only when declared so). */
const BUILT_IN: Record<Exclude<ColumnKind, 'field'>, string | undefined> = {
  reference: 'reference',
  name: undefined,
  created: 'created',
  status: 'status',
  assignee: 'assignee',
  paid: 'paymentStatus',
  variant: undefined,
};

const isBuiltIn = (name: string): name is Exclude<ColumnKind, 'field'> => Object.hasOwn(BUILT_IN, name);

/** What the service offers the columns: its card's fields, its name fields, whether it takes payments. */
export interface ColumnContext {
  ns: string;
  card: AdminFieldModel[];
  nameFields: string[];
  payments: boolean;
}

function defaults(ctx: ColumnContext): AdminJson['columns'] & object {
  return [
    { name: 'reference' },
    ...(ctx.nameFields.length ? [{ name: 'name' }] : []),
    { name: 'created' },
    { name: 'status' },
    { name: 'assignee' },
    ...(ctx.payments ? [{ name: 'paid' }] : []),
  ];
}

/** admin.ui.json "columns" (else the defaults) as the list's columns, each checked against the service. */
export function listColumns(given: AdminJson['columns'], ctx: ColumnContext, path: string, problems: Problems): ListColumnModel[] {
  const seen = new Set<string>();
  return (given ?? defaults(ctx)).flatMap((c, i): ListColumnModel[] => {
    const at = `/columns/${i}`;
    if (seen.has(c.name)) {
      problems.add(path, `${at}/name`, `"${c.name}" is already a column of the list`);
      return [];
    }
    seen.add(c.name);
    const label = c.label ? { label: `${ctx.ns}.${c.label}` } : {};
    if (isBuiltIn(c.name)) {
      if (c.name === 'paid' && !ctx.payments) problems.add(path, `${at}/name`, 'this service takes no payment (no checkout link): there is no payment state to show');
      if (c.name === 'name') {
        if (ctx.nameFields.length === 0) problems.add(path, `${at}/name`, 'the name column joins the fields of service.json mail.name, which this service does not declare');
        const sort = c.sortable && ctx.nameFields[0] ? { sort: ctx.nameFields[0] } : {};
        return [{ name: 'name', kind: 'name', fields: ctx.nameFields, ...sort, ...label }];
      }
      const sort = BUILT_IN[c.name] ?? (c.sortable ? c.name : undefined);
      return [{ name: c.name, kind: c.name, ...(sort ? { sort } : {}), ...label }];
    }
    const field = ctx.card.find((f) => f.name === c.name);
    if (!field) {
      problems.add(path, `${at}/name`, `"${c.name}" is neither a built-in column (${Object.keys(BUILT_IN).join(', ')}) nor a field of the card ("fields" above)`);
      return [];
    }
    if (['group', 'files'].includes(field.display)) {
      problems.add(path, `${at}/name`, `"${c.name}" holds ${field.display === 'group' ? 'a table of rows' : 'several files'}: a column shows one value`);
      return [];
    }
    if (c.sortable && ['masked', 'file'].includes(field.display)) {
      problems.add(path, `${at}/sortable`, `"${c.name}" is ${field.display === 'masked' ? 'masked (only its last characters are stored in clear)' : 'a file'}: it does not sort`);
    }
    return [{ name: c.name, kind: 'field', ...(c.sortable && !['masked', 'file'].includes(field.display) ? { sort: c.name } : {}), ...label }];
  });
}

/** The columns a list sorts by that no built-in index covers: each gets its own (transform/collections.ts). */
export const declaredSorts = (columns: ListColumnModel[]): string[] =>
  columns.flatMap((c) => (c.sort && (c.kind === 'field' || c.kind === 'name' || c.kind === 'variant') ? [c.sort] : []));
