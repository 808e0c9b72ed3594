/** Reading a generated form module (src/generated/forms/*): the contract is engine/types.ts FormModule. */
import type { FormModule } from './types.ts';

/** The form's top-level fields in the uiSchema's "ui:order"; a "*" there (or no entry) means schema order. */
export function fieldsInOrder(form: FormModule): string[] {
  const fields = Object.keys(form.schema.properties ?? {});
  const order = ((form.uiSchema['ui:order'] as string[] | undefined) ?? []).filter((f) => f !== '*');
  const rank = (f: string) => (order.includes(f) ? order.indexOf(f) : order.length);
  return fields.sort((a, b) => rank(a) - rank(b));
}
