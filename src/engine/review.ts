/**
 * The "Check your answers" page of a form in steps (design §5, the GOV.UK pattern): every answer of
 * every step in the applicant's words — the field's label, an option's text rather than its value, a
 * date in their language, the names of the chosen files, a group's rows cell by cell — each with the
 * step it is changed on. Pure: the page (features/forms/ReviewPage.tsx) only lays the lines out.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { LocalizedForm } from './localizeForm.ts';
import type { FormStep } from './steps.ts';

export type ReviewValue =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  /** Several files, in their order. */
  | { kind: 'list'; items: string[] }
  | { kind: 'rows'; rows: { title: string; cells: { label: string; text: string }[] }[] };

export interface ReviewLine {
  field: string;
  label: string;
  value: ReviewValue;
  /** Index of the step the answer is changed on. */
  step: number;
}

export interface ReviewFormat {
  /** "2026-04-12" → the date in the applicant's language. */
  date: (iso: string) => string;
  yes: string;
  no: string;
}

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** One scalar answer as the applicant would say it. */
export function answerText(prop: RJSFSchema, ui: UiSchema | undefined, value: unknown, format: ReviewFormat): string {
  if (Array.isArray(prop.enum)) {
    const names = ui?.['ui:enumNames'] as string[] | undefined;
    const i = prop.enum.indexOf(value as never);
    if (i >= 0 && names?.[i]) return names[i];
  }
  if (typeof value === 'boolean') return value ? format.yes : format.no;
  // A masked number (SSN) stays masked on the review, as in its field: only its last four digits show.
  if (ui?.['ui:widget'] === 'SsnWidget') return `•••••${String(value).replace(/\D/g, '').slice(-4)}`;
  if (prop.format === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return format.date(value);
  return String(value);
}

/** A property of the form, a conditional one too (then/else branches of allOf). */
function propertyOf(schema: RJSFSchema, field: string): RJSFSchema | undefined {
  const root = (schema.properties ?? {})[field];
  if (root && typeof root === 'object') return root as RJSFSchema;
  const branches = (schema.allOf ?? []).flatMap((c) => (typeof c === 'object' ? [c.then, c.else] : []));
  for (const b of [schema.then, schema.else, ...branches]) {
    const p = b && typeof b === 'object' ? (b as RJSFSchema).properties?.[field] : undefined;
    if (p && typeof p === 'object') return p as RJSFSchema;
  }
  return undefined;
}

function valueOf(prop: RJSFSchema, ui: UiSchema | undefined, value: unknown, format: ReviewFormat): ReviewValue {
  if (blank(value)) return { kind: 'empty' };
  const items = prop.items && typeof prop.items === 'object' && !Array.isArray(prop.items) ? (prop.items as RJSFSchema) : undefined;
  if (prop.type === 'array' && Array.isArray(value) && items?.type === 'object') {
    const cells = Object.entries(items.properties ?? {}) as [string, RJSFSchema][];
    const titles = (ui?.['ui:options'] as { rowTitles?: string[] } | undefined)?.rowTitles ?? [];
    const itemUi = ui?.items as UiSchema | undefined;
    return {
      kind: 'rows',
      rows: value.map((row, i) => ({
        title: titles[i] ?? String(i + 1),
        cells: cells
          .filter(([name]) => !blank((row as Record<string, unknown>)?.[name]))
          .map(([name, cell]) => ({ label: String(cell.title ?? name), text: answerText(cell, itemUi?.[name] as UiSchema | undefined, (row as Record<string, unknown>)[name], format) })),
      })),
    };
  }
  if (Array.isArray(value)) return { kind: 'list', items: value.map(String) };
  return { kind: 'text', text: answerText(prop, ui, value, format) };
}

/**
 * The lines of the review, step by step, for the fields the answers show (`shown`; a hidden
 * conditional field is not an answer). Fields the route fixed (hidden widgets) are stated above the
 * form already and left out.
 */
export function reviewLines(localized: LocalizedForm, steps: FormStep[], data: Record<string, unknown>, shown: ReadonlySet<string>, format: ReviewFormat): ReviewLine[] {
  const lines: ReviewLine[] = [];
  steps.forEach((step, index) => {
    for (const field of step.fields) {
      if (!shown.has(field)) continue;
      const prop = propertyOf(localized.schema, field);
      const ui = localized.uiSchema[field] as UiSchema | undefined;
      if (!prop || ui?.['ui:widget'] === 'hidden') continue;
      lines.push({ field, label: String(prop.title ?? field), value: valueOf(prop, ui, data[field], format), step: index });
    }
  });
  return lines;
}
