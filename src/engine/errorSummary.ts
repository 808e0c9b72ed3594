/**
 * The error summary above a form (GOV.UK's pattern): each error the applicant sees at a field, as a
 * link to that field named by the field's label and the error ("ZIP code: Enter a 5-digit ZIP code,
 * like 94105"). Pure: the template renders the entries and moves the focus (ObjectFieldTemplate.tsx).
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fieldId } from './formContext.ts';
import type { LocalizedForm } from './localizeForm.ts';

export interface SummaryEntry {
  /** The id of the control the link leads to. */
  target: string;
  /** The field's label as the form shows it; empty for an error that names its field itself. */
  label: string;
  message: string;
}

const propertiesOf = (schema: RJSFSchema | undefined): Record<string, RJSFSchema> => (schema?.properties ?? {}) as Record<string, RJSFSchema>;

/** Every property of the form by name, those of conditional branches too (where RJSF renders them). */
function allProperties(schema: RJSFSchema): Record<string, RJSFSchema> {
  const branches = [schema, ...((schema.allOf ?? []) as RJSFSchema[]).flatMap((c) => [c.then, c.else]), schema.then, schema.else];
  return Object.assign({}, ...branches.reverse().map((b) => propertiesOf(typeof b === 'object' ? b : undefined)));
}

/**
 * A path's label: the field's title, or for a cell of a group's row the group's, the row's and the
 * cell's ("Dependents, Dependent 2, Name"), as the translated form (localizeForm.ts) has them.
 */
export function pathLabel(form: LocalizedForm, path: string): string {
  const [field = '', row, cell] = path.split('.');
  const property = allProperties(form.schema)[field];
  const title = String(property?.title ?? field);
  if (row === undefined || cell === undefined) return title;
  const items = typeof property?.items === 'object' && !Array.isArray(property.items) ? (property.items as RJSFSchema) : undefined;
  const options = ((form.uiSchema[field] as UiSchema | undefined)?.['ui:options'] ?? {}) as { rowTitles?: string[] };
  const rowTitle = options.rowTitles?.[Number(row)] ?? String(Number(row) + 1);
  return [title, rowTitle, String(propertiesOf(items)[cell]?.title ?? cell)].join(', ');
}

/** The summary's entries for the errors shown at fields (FieldErrors.list), in their order. */
export function summaryEntries(form: LocalizedForm, errors: { path: string; message: string }[]): SummaryEntry[] {
  return errors.map(({ path, message }) => ({ target: fieldId(path), label: pathLabel(form, path), message }));
}
