/**
 * The staff card follows the form: its entries (admin.ui.json `fields`) stand in the order the form
 * shows the fields (steps, else ui:order, else the schema's order). An edit that moves a field in the
 * form moves its card entry to match, after the card entry of the nearest field shown before it;
 * entries of retired fields stay where they are.
 */
import type { Files, Json, JsonObject } from './document.ts';
import { isObject, orderedFields } from './locate.ts';

/** The fields in the order the form shows them. */
export function displayOrder(files: Files): string[] {
  const ui = files['form.ui.json'] as JsonObject;
  const natural = orderedFields(files);
  let listed: string[] = [];
  const groups = Array.isArray(ui['ui:steps']) ? ui['ui:steps'] : Array.isArray(ui['ui:sections']) ? ui['ui:sections'] : null;
  if (groups) listed = groups.flatMap((s) => (isObject(s) && Array.isArray(s.fields) ? s.fields.map(String) : []));
  else if (Array.isArray(ui['ui:order'])) {
    const order = ui['ui:order'].map(String);
    const star = order.indexOf('*');
    const rest = natural.filter((n) => !order.includes(n));
    listed = star === -1 ? order : [...order.slice(0, star), ...rest, ...order.slice(star + 1)];
  } else listed = natural;
  return [...listed.filter((n) => natural.includes(n)), ...natural.filter((n) => !listed.includes(n))];
}

function nameOf(e: Json): string | undefined {
  return isObject(e) && typeof e.name === 'string' ? e.name : undefined;
}

/** Puts `name`'s card entry (if it has one, or `entry` when given) where the form's order says. */
export function placeCardEntry(files: Files, name: string, entry?: JsonObject): void {
  const admin = files['admin.ui.json'] as JsonObject;
  if (!Array.isArray(admin.fields)) return;
  const list = admin.fields;
  const at = list.findIndex((e) => nameOf(e) === name);
  const item = at === -1 ? entry : list[at];
  if (!item) return;
  if (at !== -1) list.splice(at, 1);
  const order = displayOrder(files);
  const before = order.slice(0, Math.max(order.indexOf(name), 0)).reverse();
  for (const prev of before) {
    const i = list.findIndex((e) => nameOf(e) === prev);
    if (i !== -1) {
      list.splice(i + 1, 0, item);
      return;
    }
  }
  const first = list.findIndex((e) => order.includes(nameOf(e) ?? ''));
  list.splice(first === -1 ? list.length : first, 0, item);
}
