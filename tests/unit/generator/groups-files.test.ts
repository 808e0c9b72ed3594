/**
 * Repeating groups and fields of several files through the generator: each shape it refuses, with the
 * file, the JSON pointer and why; and what it makes of a good one (the model's kinds and traits, the
 * columns, the body limits, the form's TypeScript type).
 */
import { describe, expect, it } from 'vitest';
import { type GenerateResult } from '../../../generator/pipeline.ts';
import { formatProblem } from '../../../generator/errors.ts';
import { bodyLimits } from '../../../generator/transform/bodyLimits.ts';
import { serviceCollection } from '../../../generator/transform/collections.ts';
import { copySchemas, generateCopy, type SchemasCopy } from '../../support/schemas-copy.ts';
import { addSignersAndPhotos, PETITION_FORM } from '../../support/groupsFiles.ts';

const AT = 'schemas/services/petition/form.schema.json#';

async function run(change: (s: SchemasCopy) => void): Promise<{ problems: string[]; result?: GenerateResult }> {
  const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
  addSignersAndPhotos(copy);
  change(copy);
  const { problems, result } = await generateCopy(copy);
  return { problems: problems.map(formatProblem), result };
}

const form = (change: (properties: Record<string, any>) => void) => (s: SchemasCopy) => s.edit(PETITION_FORM, (j) => change(j.properties));

describe('groups and several files: schema problems', () => {
  it.each<{ given: string; change: (s: SchemasCopy) => void; want: string }>([
    {
      given: 'a group without maxItems',
      change: form((p) => delete p.signers.maxItems),
      want: `${AT}/properties/signers: a repeating group needs maxItems: the most rows an applicant may add (the column is sized from it)`,
    },
    {
      given: 'a group whose minItems passes its maxItems',
      change: form((p) => (p.signers.minItems = 6)),
      want: `${AT}/properties/signers/minItems: minItems (6) is more than maxItems (5)`,
    },
    {
      given: 'a file inside a row',
      change: form((p) => (p.signers.items.properties.name['x-file'] = { accept: ['image/png'], maxSize: 1000 })),
      want: `${AT}/properties/signers/items/properties/name/x-file: a row cannot hold a file: give the form a field of several files (x-file.maxFiles) beside the group`,
    },
    {
      given: 'a list inside a row',
      change: form((p) => (p.signers.items.properties.name = { type: 'array', items: { type: 'string' } })),
      want: `${AT}/properties/signers/items/properties/name/type: a row field is one value (string, number, integer or boolean): no lists inside a row`,
    },
    {
      given: 'x-sensitive inside a row',
      change: form((p) => (p.signers.items.properties.name['x-sensitive'] = true)),
      want: `${AT}/properties/signers/items/properties/name/x-sensitive: a row cannot hold x-sensitive data: a sensitive value is sealed in a column of its own, which a row does not have`,
    },
    {
      given: 'x-category on a row field',
      change: form((p) => (p.signers.items.properties.name['x-category'] = 'A')),
      want: `${AT}/properties/signers/items/properties/name/x-category: x-category belongs to the group, not to its rows' fields: the group is one column, kept as long as its categories say`,
    },
    {
      given: 'a row open to any key',
      change: form((p) => delete p.signers.items.additionalProperties),
      want: `${AT}/properties/signers/items: a row takes only its own fields: give items "additionalProperties": false`,
    },
    {
      given: 'a row requiring a field it does not have',
      change: form((p) => p.signers.items.required.push('street')),
      want: `${AT}/properties/signers/items/required/2: "street" is not a field of the row`,
    },
    {
      given: 'a field of several files typed string',
      change: form((p) => {
        p.photos.type = 'string';
        delete p.photos.items;
      }),
      want: `${AT}/properties/photos/type: x-file.maxFiles is 3: a field of several files is written "type": "array", "items": {"type": "string"}`,
    },
    {
      given: 'a one-file field typed array',
      change: form((p) => (p.photos['x-file'].maxFiles = 1)),
      want: `${AT}/properties/photos/type: a field typed "array" takes several files: set x-file.maxFiles (2 to 20), or type it "string" for one file`,
    },
    {
      given: 'maxItems that is not maxFiles',
      change: form((p) => (p.photos.maxItems = 2)),
      want: `${AT}/properties/photos/maxItems: maxItems (2) must equal x-file.maxFiles (3), or be left out (it is set from it)`,
    },
    {
      given: 'maxTotalSize on a one-file field',
      change: form((p) => (p.attachment = { type: 'string', 'x-file': { accept: ['application/pdf'], maxSize: 1000, maxTotalSize: 1000 }, 'x-category': 'D' })),
      want: `${AT}/properties/attachment/x-file/maxTotalSize: maxTotalSize limits several files together: a one-file field has only maxSize`,
    },
    {
      given: 'a list of strings that is not files',
      change: form((p) => delete p.photos['x-file']),
      want: `${AT}/properties/photos/items: a list of strings is a field of several files: give it x-file with maxFiles (2 to 20); a repeating group has items of "type": "object"`,
    },
    {
      given: 'more than 20 files',
      change: form((p) => (p.photos['x-file'].maxFiles = 21)),
      want: `${AT}/properties/photos/x-file/maxFiles: must be at most 20, not 21`,
    },
    {
      given: "a group without its Add button's text",
      change: (s) => s.edit('services/petition/i18n/en.json', (j) => delete j['fields.signers.add']),
      want: `${AT.slice(0, -1)}#/properties/signers: no English text for message "service.petition.fields.signers.add"`,
    },
    {
      given: "a group without its rows' title",
      change: (s) => s.edit('services/petition/i18n/en.json', (j) => delete j['fields.signers.row']),
      want: `${AT}/properties/signers: no English text for message "service.petition.fields.signers.row"`,
    },
    {
      given: "a row field's label missing",
      change: (s) => s.edit('services/petition/i18n/en.json', (j) => delete j['fields.signers.items.age.label']),
      want: `${AT}/properties/signers/items/properties/age: no English text for message "service.petition.fields.signers.items.age.label"`,
    },
    {
      given: "a row field's option without a text",
      change: form((p) => p.signers.items.properties.role.enum.push('visitor')),
      want: `${AT}/properties/signers/items/properties/role/enum: no English text for message "service.petition.fields.signers.items.role.options.visitor"`,
    },
    {
      given: "a row field's text left untranslated",
      change: (s) => s.edit('services/petition/i18n/ru.json', (j) => delete j['fields.signers.items.name.label']),
      want: 'schemas/services/petition/i18n/ru.json#/fields.signers.items.name.label: missing translation of "fields.signers.items.name.label" (present in en.json)',
    },
  ])('refuses $given', async ({ change, want }) => {
    expect((await run(change)).problems).toContain(want);
  });
});

describe('groups and several files: what the generator makes of them', () => {
  it('models a group and a field of several files, their traits, columns, limits and type', async () => {
    const { problems, result } = await run(() => {});
    expect(problems).toEqual([]);
    const site = result!.model;
    const service = site.services.find((s) => s.id === 'petition')!;
    const signers = service.fields.find((f) => f.name === 'signers')!;
    const photos = service.fields.find((f) => f.name === 'photos')!;
    expect(signers.kind).toBe('group');
    expect(signers.items?.map((i) => [i.name, i.kind, i.required])).toEqual([
      ['name', 'text', true],
      ['age', 'number', false],
      ['role', 'select', true],
    ]);
    expect(signers.traits).toEqual({ group: { items: { name: {}, age: {}, role: {} }, minItems: 1, maxItems: 5 } });
    expect(photos.kind).toBe('files');
    expect(photos.traits.file).toEqual({ accept: ['application/pdf', 'image/png', 'image/jpeg'], maxSize: 1048576, maxFiles: 3, maxTotalSize: 2097152 });
    // The count is the validators' rule too: maxItems comes from maxFiles.
    const variant = service.variants[0]!;
    expect(variant.schema.properties?.photos).toMatchObject({ type: 'array', maxItems: 3 });

    const columns = Object.fromEntries(serviceCollection(service, site).fields.map((f) => [f.name, f]));
    // 5 rows of {"name": 100 characters, "age": a number, "role": "resident"} at 6 bytes a character at most.
    // Not in the form's required list: an application without co-signers is stored (minItems binds only rows sent).
    expect(columns.signers).toMatchObject({ type: 'json', required: false });
    expect(columns.signers!.maxSize).toBe((2 + 5 * (2 + (4 + 6 + 100) + (3 + 6 + 32) + (4 + 6 + 8) + 1)) * 6);
    expect(columns.photos).toMatchObject({ type: 'file', maxSelect: 3, maxSize: 1048576, protected: true });

    const before = bodyLimits({ ...service, fields: service.fields.filter((f) => f.name !== 'signers' && f.name !== 'photos') });
    const after = bodyLimits(service);
    // Three files of 1 MiB are capped by their 2 MiB total, with each part's headers.
    expect(after.files - before.files).toBe(2097152 + 3 * 512);
    // The rows as JSON at their widest, and the part's name and headers; the files are no text.
    expect(after.text - before.text).toBe(Number(columns.signers!.maxSize) + 512);

    const types = result!.files.get('src/generated/forms/petition.main.types.ts') ?? '';
    // A non-empty list of rows (minItems 1), each row typed; several files a list of names.
    expect(types.replace(/\s+/g, ' ')).toContain("signers?: [ { name: string; age?: number; role: 'resident' | 'owner'; }, ...{ name: string; age?: number; role: 'resident' | 'owner'; }[] ];");
    expect(types).toContain('photos?: string[];');
  });

  it('gives the server the groups, the fields of several files and their limits', async () => {
    const { result } = await run(() => {});
    const services = result!.files.get('pb_hooks/generated/services.js') ?? '';
    const table = JSON.parse(services.slice(services.indexOf('{'), services.lastIndexOf('}') + 1)).services.petitions;
    expect(table.groupFields).toEqual(['signers']);
    expect(table.severalFiles).toEqual({ photos: { maxFiles: 3, maxTotalSize: 2097152 } });
    expect(table.fileFields).toEqual(['attachment', 'photos']);
  });
});
