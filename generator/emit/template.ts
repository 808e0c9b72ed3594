/** Handlebars set up once for every emitter: templates hold the shape of files, logic stays in TS. */
import Handlebars from 'handlebars';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const hbs = Handlebars.create();
/** Deterministic JSON (2-space, key order as built) indented to sit inside generated code. */
const json = (value: unknown, indent = 2): string => JSON.stringify(value, null, 2).replace(/\n/g, `\n${' '.repeat(indent)}`);
// {{{json value indent=N}}}: N is the column the value starts at, so nested lines line up.
hbs.registerHelper('json', (value: unknown, options: Handlebars.HelperOptions) => json(value, Number(options.hash.indent ?? 0)));

/** Each template compiled once per text (the watch loop of `npm run dev` renders them on every save). */
const compiled = new Map<string, { source: string; template: Handlebars.TemplateDelegate }>();

export function render(name: string, context: Record<string, unknown>, helpers: Record<string, Handlebars.HelperDelegate> = {}): string {
  const source = readFileSync(join(import.meta.dirname, '..', 'templates', name), 'utf8');
  let entry = compiled.get(name);
  if (entry?.source !== source) {
    entry = { source, template: hbs.compile(source, { noEscape: true, strict: false }) };
    compiled.set(name, entry);
  }
  return entry.template(context, { helpers });
}
