/** The field list the Fields tab shows: each field with its kind, English label and where it stands. */
import type { FieldRef, JsonObject, ServiceDraft } from './document.ts';
import { conditionOf, type Condition } from './conditions.ts';
import { kindOf, sharedName, type Kind } from './kinds.ts';
import { isObject, locate, orderedFields, propertiesOf, schemaAt } from './locate.ts';
import { stepOfField } from './steps.ts';
import { textOf } from './texts.ts';

export interface FieldItem {
  name: string;
  ref: FieldRef;
  kind: Kind;
  /** English label ('' when it has none of its own: a shared field labelled by the common texts). */
  label: string;
  required: boolean;
  condition?: Condition;
  step?: string;
  /** The shared definition a `$ref` field uses. */
  shared?: string;
  /** A repeating group's row fields. */
  items?: FieldItem[];
}

function item(draft: ServiceDraft, ref: FieldRef): FieldItem | null {
  const at = locate(draft.files, ref);
  if (!at) return null;
  const schema: JsonObject = schemaAt(at);
  const textRef = at.where === 'item' ? `${at.group}.items.${at.name}` : at.name;
  const out: FieldItem = {
    name: at.name,
    ref,
    kind: kindOf(schema),
    label: textOf(draft, 'en', `fields.${textRef}.label`) ?? '',
    required: Array.isArray(at.holder.required) && at.holder.required.includes(at.name),
  };
  const shared = sharedName(schema);
  if (shared) out.shared = shared;
  if (at.where !== 'item') {
    const condition = conditionOf(draft, at.name);
    if (condition) out.condition = condition;
    const step = stepOfField(draft, at.name);
    if (step) out.step = step;
  }
  if (out.kind === 'group' && isObject(schema.items)) {
    out.items = Object.keys(propertiesOf(schema.items)).flatMap((n) => item(draft, `${at.name}.${n}`) ?? []);
  }
  return out;
}

/** Root fields in form order, a condition's field right after the field it depends on. */
export function fieldList(draft: ServiceDraft): FieldItem[] {
  return orderedFields(draft.files).flatMap((n) => item(draft, n) ?? []);
}

