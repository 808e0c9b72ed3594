/**
 * Steps: form.ui.json `ui:steps`, each `{ id, fields }`, every field the form shows in exactly one step
 * (docs/schema-format.md), each step titled by the text `steps.<id>`. Steps replace `ui:order`.
 */
import { change, LOCALES, type Files, type JsonObject, type ServiceDraft } from './document.ts';
import { STEP_KEYS, UI_ROOT_KEYS, insertKey } from './keyOrder.ts';
import { placeCardEntry } from './cardOrder.ts';
import { isObject, orderedFields } from './locate.ts';
import { renameTextsIn, setTextIn } from './texts.ts';

export interface Step {
  id: string;
  fields: string[];
}

const STEP_ID = /^[a-z][A-Za-z0-9-]*$/;

export function isValidStepId(id: string): boolean {
  return STEP_ID.test(id);
}

function stepList(files: Files): JsonObject[] | null {
  const list = (files['form.ui.json'] as JsonObject)['ui:steps'];
  return Array.isArray(list) ? (list.filter(isObject) as JsonObject[]) : null;
}

export function usesSteps(draft: ServiceDraft): boolean {
  return stepList(draft.files) !== null;
}

export function stepsOf(draft: ServiceDraft): Step[] {
  return (stepList(draft.files) ?? []).map((s) => ({
    id: String(s.id),
    fields: Array.isArray(s.fields) ? s.fields.map(String) : [],
  }));
}

export function stepOfField(draft: ServiceDraft, field: string): string | null {
  return stepsOf(draft).find((s) => s.fields.includes(field))?.id ?? null;
}

/**
 * On: one step, `main`, holding every field in form order (the editor renames it and adds more);
 * `ui:order` goes (steps are the order). Off: the steps go with their titles; when their order was
 * not the schema's, it stays as `ui:order`.
 */
export function setUseSteps(draft: ServiceDraft, on: boolean): ServiceDraft {
  return change(draft, (files) => {
    const ui = files['form.ui.json'] as JsonObject;
    if (on) {
      if (stepList(files)) return;
      if (ui['ui:sections'] !== undefined) throw new Error('the form is in sections: steps and sections never go together');
      delete ui['ui:order'];
      insertKey(ui, 'ui:steps', [{ id: 'main', fields: orderedFields(files) }], UI_ROOT_KEYS);
    } else {
      const steps = stepList(files);
      if (!steps) return;
      delete ui['ui:steps'];
      for (const s of steps) for (const l of LOCALES) setTextIn(files, l, `steps.${String(s.id)}`, null);
      const order = steps.flatMap((s) => (Array.isArray(s.fields) ? s.fields.map(String) : []));
      const natural = orderedFields(files);
      if (order.some((n, i) => n !== natural[i])) insertKey(ui, 'ui:order', order, UI_ROOT_KEYS);
    }
  });
}

function mustSteps(files: Files): JsonObject[] {
  const list = stepList(files);
  if (!list) throw new Error('the form is not in steps');
  return list;
}

/** Adds an empty step at the end, with its English title. */
export function addStep(draft: ServiceDraft, id: string, title?: string): ServiceDraft {
  if (!isValidStepId(id)) throw new Error(`"${id}" cannot be a step id: a letter a–z first, then letters, digits or dashes`);
  return change(draft, (files) => {
    const list = mustSteps(files);
    if (list.some((s) => s.id === id)) throw new Error(`there is already a step ${id}`);
    const step: JsonObject = {};
    insertKey(step, 'id', id, STEP_KEYS);
    insertKey(step, 'fields', [], STEP_KEYS);
    (files['form.ui.json'] as JsonObject)['ui:steps'] = [...list, step];
    if (title) setTextIn(files, 'en', `steps.${id}`, title);
  });
}

/** Renames a step and its title texts in every language. */
export function renameStep(draft: ServiceDraft, id: string, newId: string): ServiceDraft {
  if (id === newId) return draft;
  if (!isValidStepId(newId)) throw new Error(`"${newId}" cannot be a step id: a letter a–z first, then letters, digits or dashes`);
  return change(draft, (files) => {
    const list = mustSteps(files);
    if (list.some((s) => s.id === newId)) throw new Error(`there is already a step ${newId}`);
    const step = list.find((s) => s.id === id);
    if (!step) throw new Error(`no step ${id}`);
    step.id = newId;
    renameTextsIn(files, `steps.${id}`, `steps.${newId}`);
  });
}

/** Removes a step (its title texts too); its fields join the previous step (the next one, for the first). */
export function removeStep(draft: ServiceDraft, id: string): ServiceDraft {
  return change(draft, (files) => {
    const list = mustSteps(files);
    const i = list.findIndex((s) => s.id === id);
    if (i === -1) throw new Error(`no step ${id}`);
    if (list.length === 1) throw new Error('the last step cannot go: switch steps off instead');
    const [gone] = list.splice(i, 1);
    const heir = list[i === 0 ? 0 : i - 1]!;
    const moved = Array.isArray(gone!.fields) ? gone!.fields : [];
    heir.fields = i === 0 ? [...moved, ...(heir.fields as string[])] : [...(heir.fields as string[]), ...moved];
    (files['form.ui.json'] as JsonObject)['ui:steps'] = list;
    for (const l of LOCALES) setTextIn(files, l, `steps.${id}`, null);
  });
}

export function moveStep(draft: ServiceDraft, id: string, to: number | 'up' | 'down'): ServiceDraft {
  return change(draft, (files) => {
    const list = mustSteps(files);
    const from = list.findIndex((s) => s.id === id);
    if (from === -1) throw new Error(`no step ${id}`);
    const target = to === 'up' ? from - 1 : to === 'down' ? from + 1 : to;
    if (target < 0 || target >= list.length || target === from) return;
    const [step] = list.splice(from, 1);
    list.splice(target, 0, step!);
    (files['form.ui.json'] as JsonObject)['ui:steps'] = list;
    for (const f of Array.isArray(step!.fields) ? step!.fields : []) placeCardEntry(files, String(f));
  });
}

/** Puts a field at the end of a step (taking it out of the one it was in). */
export function setStepOfField(draft: ServiceDraft, field: string, stepId: string): ServiceDraft {
  return change(draft, (files) => {
    const list = mustSteps(files);
    const target = list.find((s) => s.id === stepId);
    if (!target) throw new Error(`no step ${stepId}`);
    if (Array.isArray(target.fields) && target.fields.includes(field)) return;
    for (const s of list) if (Array.isArray(s.fields)) s.fields = s.fields.filter((n) => n !== field);
    target.fields = [...(Array.isArray(target.fields) ? target.fields : []), field];
    placeCardEntry(files, field);
  });
}
