/**
 * The "New service" form's values, the defaults it proposes from the id, and what is wrong with them
 * before the server is asked (the same patterns schemas/meta/service.meta.json sets).
 */
import type { NewServiceRequest } from '../../server/api.ts';

/** The form's values are the request's, `template` being 'blank' or the id of the service to copy. */
export type NewServiceValues = NewServiceRequest;

export type NewServiceField = Exclude<keyof NewServiceValues, 'template'>;

/** A problem with one value: the message id of the studio's texts and its values. */
export interface ValueProblem {
  field: NewServiceField;
  message: string;
  values?: Record<string, string>;
}

const PATTERNS: Record<NewServiceField, RegExp> = {
  id: /^[a-z][a-z0-9-]*$/,
  collection: /^[a-z][a-z0-9_]*$/,
  prefix: /^[A-Z]{2,4}$/,
  route: /^\/(([a-z0-9-]+)(\/[a-z0-9-]+)*)?$/,
  adminRoute: /^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/,
};

export const emptyNewService = (template = 'blank'): NewServiceValues => ({ template, id: '', collection: '', prefix: '', route: '', adminRoute: '' });

/** What the other values would be for this id, as most services name them: the collection without
 *  dashes, the form at /<id>, the staff list at /<id>s, the first letters as the prefix. */
export function suggestedFor(id: string): Omit<NewServiceValues, 'template' | 'id'> {
  const words = id.split('-').filter(Boolean);
  const initials = words.length >= 2 ? words.map((w) => w[0]).join('') : id.slice(0, 2);
  return {
    collection: id.replace(/-/g, ''),
    prefix: initials.slice(0, 4).toUpperCase(),
    route: id ? `/${id}` : '',
    adminRoute: id ? `/${id}s` : '',
  };
}

/** The problems with the values, in the form's order; none means the server may be asked. */
export function newServiceProblems(values: NewServiceValues, existing: { id: string; collection: string; route?: string }[]): ValueProblem[] {
  const problems: ValueProblem[] = [];
  for (const field of ['id', 'collection', 'prefix', 'route', 'adminRoute'] as const) {
    const value = values[field];
    if (value === '') problems.push({ field, message: 'services.new.required' });
    else if (!PATTERNS[field].test(value)) problems.push({ field, message: `services.new.pattern.${field}` });
  }
  const taken = (field: NewServiceField, value: string, others: (string | undefined)[]) => {
    if (value !== '' && others.includes(value) && !problems.some((p) => p.field === field)) problems.push({ field, message: 'services.new.taken', values: { value } });
  };
  taken('id', values.id, existing.map((s) => s.id));
  taken('collection', values.collection, existing.map((s) => s.collection));
  taken('route', values.route, existing.map((s) => s.route));
  return problems;
}
