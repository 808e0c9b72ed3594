/**
 * One field as its editor needs it: where it is (its JSON pointer, for the generator's problems), the
 * keywords in force (a shared definition's under what the form writes beside the $ref), the controls its
 * kind has, and its texts' key prefix.
 */
import { useDraft } from '../draft/DraftContext.tsx';
import { useCatalogue } from '../catalogue/CatalogueContext.tsx';
import { editorKind, type EditorKind } from './editorKind.ts';
import { effectiveSchema, locateField, sharedName, type FieldLocation, type Schema } from './fieldState.ts';

export interface FieldFacts {
  /** The model's reference: `name`, or `group.item` for a row's field. */
  ref: string;
  name: string;
  /** The repeating group a row's field belongs to. */
  group?: string;
  location: FieldLocation;
  /** The keywords in force. */
  schema: Schema;
  kind: EditorKind;
  /** The shared definition a `$ref` names. */
  shared?: string;
  /** fields.<name> or fields.<group>.items.<name>. */
  textPrefix: string;
}

export function splitRef(ref: string): { name: string; group?: string } {
  const dot = ref.indexOf('.');
  return dot < 0 ? { name: ref } : { group: ref.slice(0, dot), name: ref.slice(dot + 1) };
}

export function useField(ref: string): FieldFacts | null {
  const { draft } = useDraft();
  const { sharedFields } = useCatalogue();
  const path = splitRef(ref);
  const location = locateField(draft, path);
  if (!location) return null;
  const schema = effectiveSchema(location.own, sharedFields);
  return {
    ref,
    ...path,
    location,
    schema,
    kind: editorKind(schema),
    shared: sharedName(location.own),
    textPrefix: path.group ? `fields.${path.group}.items.${path.name}` : `fields.${path.name}`,
  };
}
