/**
 * Texts left for things a service no longer has (a removed field, option, variant, row field, step or section)
 * are errors: nobody would see them, and a translator would keep translating them. The texts of a
 * retired field, and of the old options a select column keeps, still label old records on the staff
 * card (transform/retire.ts), so they stay. Checked in English: checkTranslations holds the other
 * languages to English's keys, so each stray text is reported once, where it is.
 */
import type { Problems } from '../errors.ts';
import type { SchemaSources } from '../load.ts';
import type { ServiceModel } from './types.ts';

const FIELD_TEXT = /^(?:forms\.([^.]+)\.)?fields\.([^.]+)\.(.+)$/;

export function checkOrphanTexts(services: ServiceModel[], sources: SchemaSources, problems: Problems): void {
  services.forEach((s, i) => {
    const src = sources.services[i];
    const en = src?.messages.en;
    if (!src || !en) return;
    const fields = new Map(s.fields.map((f) => [f.name, f]));
    const retired = new Set((s.retired ?? []).map((r) => r.name));
    // The staff card may show a column the form does not fill (admin.ui.json), labelled the same way.
    const shown = new Set(s.admin.fields.flatMap((f) => (f.name ? [f.name] : [])));
    const variants = new Set(s.variants.map((v) => v.id));
    const ui = src.ui.data;
    const steps = new Set([...(ui['ui:steps'] ?? []), ...Object.values(ui['ui:variants'] ?? {}).flatMap((l) => l['ui:steps'] ?? [])].map((st) => st.id));
    const sections = new Set([...(ui['ui:sections'] ?? []), ...Object.values(ui['ui:variants'] ?? {}).flatMap((l) => l['ui:sections'] ?? [])].map((sec) => sec.id));
    const stray = (key: string, why: string) => problems.add(en.path, `/${key}`, `"${key}" is a text for ${why}: remove it (from every language)`);

    for (const key of Object.keys(en.data)) {
      const step = /^steps\.([^.]+)$/.exec(key)?.[1];
      if (step !== undefined && !steps.has(step)) stray(key, `step "${step}", which form.ui.json does not have`);
      const section = /^sections\.([^.]+)$/.exec(key)?.[1];
      if (section !== undefined && !sections.has(section)) stray(key, `section "${section}", which form.ui.json does not have`);
      const variant = /^forms\.([^.]+)\./.exec(key)?.[1];
      if (variant !== undefined && !variants.has(variant)) {
        stray(key, `form variant "${variant}", which service.json does not have`);
        continue;
      }
      const m = FIELD_TEXT.exec(key);
      if (!m) continue;
      const [, , name = '', rest = ''] = m;
      const field = fields.get(name);
      if (!field) {
        if (!retired.has(name) && !shown.has(name)) stray(key, `"${name}", which is not a field of the form (nor a retired one)`);
        continue;
      }
      const option = /^options\.(.+)$/.exec(rest)?.[1];
      if (option !== undefined && field.kind === 'select' && !field.traits.options) {
        const values = new Set([field.schema, ...field.alternatives].flatMap((p) => (p.enum ?? []).map(String)));
        for (const v of s.keptOptions?.[name] ?? []) values.add(v);
        if (!values.has(option)) stray(key, `option "${option}", which "${name}" does not have (${[...values].join(', ')})`);
      }
      const item = /^items\.([^.]+)\./.exec(rest)?.[1];
      if (item !== undefined && field.items && !field.items.some((it) => it.name === item)) stray(key, `"${item}", which is not a field of the rows of "${name}"`);
    }
  });
}
