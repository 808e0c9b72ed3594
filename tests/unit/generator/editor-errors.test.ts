/**
 * Errors an editor understands (issue 34): every problem names its file, line and column; says what is
 * supported instead of guessing at a typo; is said in plain words; and one mistake is one problem, in
 * the file that has it. Duplicate keys, texts left for things the form no longer has, layout entries for
 * unknown fields and fields missing from the order are errors. Each row makes one mistake in a copy of
 * the schemas with the petition fixture and wants exactly the problems listed (`file:line:column: …`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../generator/pipeline.ts';
import { formatLocated, type SchemaProblem } from '../../../generator/errors.ts';
import { copySchemas, generateCopy, type SchemasCopy } from '../../support/schemas-copy.ts';

const SVC = 'services/petition';
const AT = `schemas/${SVC}`;

async function problemsAfter(change: (s: SchemasCopy) => void, copy = copySchemas({ fixtures: ['petition'] })): Promise<SchemaProblem[]> {
  change(copy);
  return (await generateCopy(copy)).problems;
}

/** Edits a file as text: the mistakes a JSON writer could never make. */
const text = (s: SchemasCopy, path: string, change: (t: string) => string) =>
  writeFileSync(join(s.schemasDir, path), change(readFileSync(join(s.schemasDir, path), 'utf8')));

const THREE = ['en', 'uz', 'ru'] as const;

describe('errors an editor understands', () => {
  it.each<{ given: string; change: (s: SchemasCopy) => void; want: string[] }>([
    // Syntax: the place, and a sentence.
    {
      given: 'a trailing comma',
      change: (s) => text(s, `${SVC}/i18n/en.json`, (t) => t.replace(/"\s*}\s*$/, '",\n}\n')),
      want: [`${AT}/i18n/en.json:13:78: not valid JSON: a comma after the last entry: remove it (JSON allows no comma before })`],
    },
    {
      given: 'a missing quote',
      change: (s) => text(s, `${SVC}/i18n/en.json`, (t) => t.replace('"title": "Petition"', '"title: "Petition"')),
      want: [`${AT}/i18n/en.json:2:12: not valid JSON: unexpected "Petition": is a double quote missing? (every key and every text is written "like this")`],
    },
    {
      given: 'a comment',
      change: (s) => text(s, `${SVC}/form.ui.json`, (t) => `// the order\n${t}`),
      want: [`${AT}/form.ui.json:1:1: not valid JSON: JSON has no comments: remove it (a field may say what it is for in its "description")`],
    },
    {
      given: 'a key written twice (JSON.parse would keep the last in silence)',
      change: (s) => text(s, `${SVC}/i18n/en.json`, (t) => t.replace('"fee": "Filing fee",', '"fee": "Filing fee",\n  "title": "Petitions to the council",')),
      want: [`${AT}/i18n/en.json:5:3: "title" is written twice in this object: only the last would count; keep one`],
    },
    // Unknown keys: what is supported there, the nearest name first.
    {
      given: 'a misspelt keyword in a field',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.topic.maxLenght = 5)),
      want: [
        `${AT}/form.schema.json:26:7: not supported here: maxLenght (did you mean maxLength? supported: $ref, $comment, description, type, items, minItems, maxItems, enum, const, default, minLength, maxLength, pattern, format, minimum, maximum, formatMinimum, formatMaximum, x-date, readOnly, x-sensitive, x-category, x-mask, x-multiline, x-errors, x-autocomplete, x-label-links, x-inputmode, x-options, x-value, x-file, examples, x-format, x-route-param, x-renamed-from)`,
      ],
    },
    {
      given: 'a key admin.ui.json does not have',
      change: (s) => s.edit(`${SVC}/admin.ui.json`, (j) => (j.filters = ['fullName'])),
      want: [`${AT}/admin.ui.json:23:3: not supported here: filters (supported: title, deleted, fields, columns)`],
    },
    // Plain words for the meta-schemas' keywords.
    {
      given: 'a route without its leading slash',
      change: (s) => s.edit(`${SVC}/service.json`, (j) => (j.admin.route = 'petitions')),
      want: [`${AT}/service.json:31:5: "petitions" is not a route: "/" and then lower-case words of letters, digits and hyphens between slashes (like /tax-return)`],
    },
    {
      given: 'a field named like a column the server keeps (was "must NOT be valid")',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.id = { type: 'string', maxLength: 9, 'x-category': 'D' })),
      want: [
        `${AT}/form.schema.json:38:5: "id" is a name the server keeps for itself (id, created, updated, variant, locale, collectionId, collectionName, expand, checkoutUrl, paymentStatus, paidAt, homepage): choose another`,
      ],
    },
    {
      given: 'a value that is not one of the allowed ones',
      change: (s) => s.edit(`${SVC}/admin.ui.json`, (j) => (j.fields[1].display = 'bold')),
      want: [`${AT}/admin.ui.json:10:7: "bold" is not one of the allowed values: "text", "email", "phone", "file", "date"`],
    },
    {
      given: 'a list written as a text',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.required = 'fullName')),
      want: [`${AT}/form.schema.json:5:3: must be a list [ … ], not "fullName"`],
    },
    {
      given: 'a required field listed twice',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => j.required.push('email')),
      want: [`${AT}/form.schema.json:10:5: "email" is listed twice (items 1 and 4): list it once`],
    },
    {
      given: 'a block of a type that does not exist (one problem, not one per type)',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:blocks'].top[0].type = 'paragraph')),
      want: [
        `${AT}/form.ui.json:13:9: "paragraph" is not one of the allowed values: "heading", "text", "list", "price", "fee", "links", "contact", "cards", "accordion", "alert", "connect", "checkout", "payment", "reference", "mailed", "cancellation", "applicationLink", "services"`,
      ],
    },
    // One root cause, one problem, where it is.
    {
      given: 'a misspelt $ref (was one problem per field of the form)',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.email.$ref = '../../common/fields.json#/definitions/emial')),
      want: [
        `${AT}/form.schema.json:16:7: "$ref": "../../common/fields.json#/definitions/emial" leads nowhere: schemas/common/fields.json has no "emial" there (did you mean email? it has: firstName, lastName, fullName, email, phone, street, city, zip, ssn, message, idImage, document, terms, usState)`,
      ],
    },
    {
      given: 'a $ref to a file that does not exist',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.email.$ref = '../common/fields.json#/definitions/email')),
      want: [`${AT}/form.schema.json:16:7: "$ref": "../common/fields.json#/definitions/email" leads nowhere: there is no file ../common/fields.json (from this folder, that is schemas/services/common/fields.json)`],
    },
    {
      given: 'a missing Uzbek translation (at the place it belongs)',
      change: (s) => s.edit(`${SVC}/i18n/uz.json`, (j) => delete j.intro),
      want: [`${AT}/i18n/uz.json:2:3: missing translation of "intro" (present in en.json)`],
    },
    {
      given: 'a misspelt key in English (was reported against uz.json and ru.json, and at every use)',
      change: (s) => text(s, `${SVC}/i18n/en.json`, (t) => t.replace('"fields.topic.label"', '"fields.topc.label"')),
      want: [`${AT}/i18n/en.json:5:3: "fields.topc.label" is misspelt: uz.json and ru.json call it "fields.topic.label"; rename it here`],
    },
    {
      given: 'a misspelt key in Russian',
      change: (s) => text(s, `${SVC}/i18n/ru.json`, (t) => t.replace('"admin.deleted"', '"admin.delted"')),
      want: [`${AT}/i18n/ru.json:10:3: "admin.delted" is misspelt: en.json and uz.json call it "admin.deleted"; rename it here`],
    },
    {
      given: 'an ICU argument left open (was "MALFORMED_ARGUMENT")',
      change: (s) => s.edit(`${SVC}/i18n/ru.json`, (j) => (j.received = 'Ваша петиция {reference подана')),
      want: [
        `${AT}/i18n/ru.json:11:3: "received" is not a valid ICU message: an argument is not closed or its name has a space or a character names may not have; write {name}, at "{reference подана" (character 14)`,
      ],
    },
    {
      given: 'a plural without its other case',
      change: (s) => {
        for (const l of THREE) s.edit(`${SVC}/i18n/${l}.json`, (j) => (j.fee = `${j.fee} {count, plural, one {# x}}`));
      },
      // Three texts, each broken in its own file: three problems, each where it is.
      want: [
        `${AT}/i18n/en.json:4:3: "fee" is not a valid ICU message: a plural or select needs an "other {…}" option, at "}" (character 37)`,
        `${AT}/i18n/uz.json:4:3: "fee" is not a valid ICU message: a plural or select needs an "other {…}" option, at "}" (character 51)`,
        `${AT}/i18n/ru.json:4:3: "fee" is not a valid ICU message: a plural or select needs an "other {…}" option, at "}" (character 41)`,
      ],
    },
    {
      given: 'a template reading a variable it may not (at the variable, not the file)',
      change: (s) => writeFileSync(join(s.schemasDir, 'mail/confirmation/en.txt.hbs'), 'Hello,\n\nyour number: {{ssn}}\n'),
      want: [
        'schemas/mail/confirmation/en.txt.hbs:3:16: unknown variable "ssn": templates may use name, service, form, submittedAt, language, reference, listUrl, fields, company, agreements, statusUrl, cancelUntil, cancelTimeZone, checkoutUrl, status, changedAt, resumeUrl, resumeDays, paragraphs, resetUrl (fields: label, value; company: name, address, phone, phoneDigits, email, ein, stateId)',
      ],
    },
    {
      given: 'a template that does not parse (at the line where the parser stopped: an unclosed block, at the end)',
      change: (s) => writeFileSync(join(s.schemasDir, 'mail/confirmation/ru.html.hbs'), '<p>\n{{#if service}}Hello</p>\n'),
      want: ['schemas/mail/confirmation/ru.html.hbs:3:1: not a valid handlebars template: Parse error on line 3:'],
    },
    // Silently accepted before.
    {
      given: 'a field left out of ui:order (it would land below the consent box)',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:order'] = j['ui:order'].filter((n: string) => n !== 'message'))),
      want: [`${AT}/form.ui.json:2:3: "message" is not in ui:order: put it in its place (a field left out would come last, below the consent box), or write "*" where the fields not named should go`],
    },
    {
      given: 'a layout entry for a field that does not exist',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j.nickname = { 'ui:autocomplete': 'nickname' })),
      want: [`${AT}/form.ui.json:25:3: "nickname" is not a property of the form`],
    },
    {
      given: 'an enum default that is not an option',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.topic.default = 'lights')),
      want: [`${AT}/form.schema.json:24:7: the default "lights" is not one of the options: "parks", "roads"`],
    },
    {
      given: 'a default of another type than its field',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.message.default = 3)),
      want: [`${AT}/form.schema.json:30:7: the default 3 is not a string like the field`],
    },
    {
      given: 'texts left for a field the form does not have (reported once, in English)',
      change: (s) => {
        for (const l of THREE) s.edit(`${SVC}/i18n/${l}.json`, (j) => (j['fields.nickname.label'] = { en: 'Nickname', uz: 'Taxallus', ru: 'Прозвище' }[l]));
      },
      want: [`${AT}/i18n/en.json:14:3: "fields.nickname.label" is a text for "nickname", which is not a field of the form (nor a retired one): remove it (from every language)`],
    },
    {
      given: 'texts left for an option the field does not have',
      change: (s) => {
        for (const l of THREE) s.edit(`${SVC}/i18n/${l}.json`, (j) => (j['fields.topic.options.lights'] = { en: 'Lights', uz: 'Chiroqlar', ru: 'Фонари' }[l]));
      },
      want: [`${AT}/i18n/en.json:14:3: "fields.topic.options.lights" is a text for option "lights", which "topic" does not have (parks, roads): remove it (from every language)`],
    },
    {
      given: 'texts left for a form variant service.json does not have',
      change: (s) => {
        for (const l of THREE) s.edit(`${SVC}/i18n/${l}.json`, (j) => (j['forms.short.title'] = { en: 'Short petition', uz: 'Qisqa petitsiya', ru: 'Краткая петиция' }[l]));
      },
      want: [`${AT}/i18n/en.json:14:3: "forms.short.title" is a text for form variant "short", which service.json does not have: remove it (from every language)`],
    },
  ])('$given', async ({ change, want }) => {
    expect((await problemsAfter(change)).map(formatLocated)).toEqual(want);
  });

  it('accepts a "*" in ui:order, which places the fields it does not name', async () => {
    expect(await problemsAfter((s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:order'] = ['fullName', 'email', '*', 'terms'])))).toEqual([]);
  });

  it("keeps a retired field's texts (its column stays, and the staff card labels old records with them)", async () => {
    const copy = copySchemas({ fixtures: ['petition'] });
    // The database as the current migrations leave it holds the attachment column.
    const first = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir, now: 1_800_000_000 });
    for (const m of first.migrations) writeFileSync(join(copy.migrationsDir, m.file), m.content);
    const problems = await problemsAfter((s) => {
      s.edit(`${SVC}/form.schema.json`, (j) => delete j.properties.attachment);
      s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:order'] = j['ui:order'].filter((n: string) => n !== 'attachment')));
      s.edit(`${SVC}/admin.ui.json`, (j) => (j.fields = j.fields.filter((f: { name: string }) => f.name !== 'attachment')));
    }, copy);
    expect(problems.map(formatLocated)).toEqual([]);
    // The same text for a field never in the database is a stray.
    const stray = await problemsAfter((s) => {
      for (const l of THREE) s.edit(`${SVC}/i18n/${l}.json`, (j) => (j['fields.nickname.label'] = { en: 'Nickname', uz: 'Taxallus', ru: 'Прозвище' }[l]));
    }, copy);
    expect(stray.map((p) => p.pointer)).toEqual(['/fields.nickname.label']);
  });
});
