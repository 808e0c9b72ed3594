/**
 * Every `$ref` of a form.schema.json is followed before anything dereferences it: a broken one is one
 * problem, at the `$ref` itself. Left to the dereferencer, one misspelt name would leave the whole form
 * empty, and every check after it would report each field of it as missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { closest } from './closest.ts';
import type { Problems } from './errors.ts';
import { pointerTokens } from './jsonSource.ts';
import type { SchemaSources, SourceFile } from './load.ts';

/** Each `$ref` in a JSON value, with its pointer. */
function refsIn(value: unknown, pointer = ''): { pointer: string; ref: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsIn(v, `${pointer}/${i}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [{ pointer: `${pointer}/$ref`, ref: v }] : refsIn(v, `${pointer}/${k}`)));
}

/** Why a reference leads nowhere, or undefined when it leads somewhere. */
function brokenRef(ref: string, from: string, self: unknown, sources: SchemaSources): string | undefined {
  const [file = '', fragment = ''] = ref.split('#');
  const target = file ? resolve(dirname(from), file) : from;
  const shown = relative(sources.schemasDir, target);
  let data: unknown;
  if (!file) data = self;
  else if (target === join(sources.schemasDir, 'common', 'fields.json')) data = sources.fields.data;
  else if (!existsSync(target)) return `there is no file ${file} (from this folder, that is schemas/${shown})`;
  else {
    try {
      data = JSON.parse(readFileSync(target, 'utf8'));
    } catch {
      return `schemas/${shown} is not valid JSON`;
    }
  }
  for (const token of pointerTokens(fragment)) {
    const here: unknown = data;
    const next = here && typeof here === 'object' ? (here as Record<string, unknown>)[token] : undefined;
    if (next === undefined) {
      const names = here && typeof here === 'object' ? Object.keys(here) : [];
      const near = closest(token, names);
      return `schemas/${shown} has no "${token}" there (${near ? `did you mean ${near}? ` : ''}it has: ${names.join(', ')})`;
    }
    data = next;
  }
  return undefined;
}

export function checkRefs(sources: SchemaSources, problems: Problems): void {
  const check = (file: SourceFile, absolute: string) => {
    for (const { pointer, ref } of refsIn(file.data)) {
      const why = brokenRef(ref, absolute, file.data, sources);
      if (why) problems.add(file.path, pointer, `"$ref": "${ref}" leads nowhere: ${why}`);
    }
  };
  check(sources.fields, join(sources.schemasDir, 'common', 'fields.json'));
  for (const s of sources.services) check(s.form, join(s.dir, 'form.schema.json'));
}
