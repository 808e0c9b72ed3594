/**
 * The TypeScript type of what an applicant fills in each form variant, by json-schema-to-typescript from
 * the variant's own schema (the one its validators enforce): src/generated/forms/<service>.<variant>.types.ts.
 * Code that writes a variant's data by hand (test fixtures) says `satisfies` it, so a schema change that
 * breaks that data fails the type check.
 */
import { compile } from 'json-schema-to-typescript';
import type { JSONSchema7 } from 'json-schema';
import type { ServiceModel, SiteModel, VariantModel } from '../model/types.ts';
import type { Files } from './registry.ts';
import { pascal } from './stories.ts';
import { render } from './template.ts';
import { memoByJson } from '../memo.ts';

/** `CreditrepairSelfService`: the prefix of a variant's exported types. */
export const variantTypeName = (s: ServiceModel, v: VariantModel) => `${pascal(s.id)}${pascal(v.id)}`;

/** The schema without x- keywords and comments, which say nothing about a value's type. */
function plain(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(plain);
  if (schema && typeof schema === 'object')
    return Object.fromEntries(Object.entries(schema).filter(([k]) => !k.startsWith('x-') && k !== '$comment').map(([k, v]) => [k, plain(v)]));
  return schema;
}

// No banner (the template has it); formatted in the repository's style, whatever the schema's layout.
const dataType = memoByJson((schema: JSONSchema7, name: string) =>
  compile(schema as never, name, {
    bannerComment: '',
    format: true,
    style: { singleQuote: true, printWidth: 160 },
    additionalProperties: false,
    strictIndexSignatures: true,
    // A repeating group or several files as a plain list (T[]), not a union of every length up to maxItems.
    maxItems: -1,
  }),
);

async function variantTypes(s: ServiceModel, v: VariantModel): Promise<string> {
  const name = variantTypeName(s, v);
  const schema = {
    ...(plain(v.schema) as JSONSchema7),
    title: `${name}Data`,
    description: `What an applicant fills in the "${v.id}" form of ${s.id} (${v.route}). A file field holds the chosen file's name (a field of several files the list of their names, in order); the browser sends the files in their place.`,
  };
  const data = await dataType(schema, `${name}Data`);
  const files = v.fields.filter((f) => v.traits[f]?.file).map((f) => `'${f}'`);
  return render('form-types.ts.hbs', { service: s.id, name, data: data.trim(), files: files.join(' | ') || 'never' });
}

export async function emitFormTypes(site: SiteModel): Promise<Files> {
  const files: Files = new Map();
  for (const s of site.services)
    for (const v of s.variants) files.set(`src/generated/forms/${s.id}.${v.id}.types.ts`, await variantTypes(s, v));
  return files;
}
