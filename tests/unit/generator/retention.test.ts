/**
 * Every form field says which category of the privacy policy it holds (x-category), because how long it
 * is kept depends on it (docs/retention.md): the generator refuses a field without one, or with a
 * category the policy does not disclose, and hands the categories and site.json's periods to the server.
 */
import { describe, expect, it } from 'vitest';
import { } from '../../../generator/pipeline.ts';
import { formatProblem } from '../../../generator/errors.ts';
import { copySchemas, generateCopy, type SchemasCopy } from '../../support/schemas-copy.ts';

const FORM = 'services/petition/form.schema.json';

async function run(change: (s: SchemasCopy) => void) {
  const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
  change(copy);
  const { problems, result } = await generateCopy(copy, { now: 1_800_000_000 });
  return { ...result, problems: problems.map(formatProblem).map((p) => p.replace(/^.*?schemas\//, 'schemas/')), files: result?.files ?? new Map<string, string>() };
}

/** The server's service table, as PocketBase's hooks read it. */
function serverTable(files: Map<string, string>) {
  const source = files.get('pb_hooks/generated/services.js') ?? '';
  const module = { exports: {} as Record<string, any> };
  new Function('module', source)(module);
  return module.exports;
}

describe('privacy categories (x-category) and retention periods', () => {
  it('gives the server each field\'s categories and the policy\'s periods', async () => {
    const { problems, files } = await run(() => {});
    expect(problems).toEqual([]);
    const table = serverTable(files);
    expect(table.retention).toEqual({ default: 90, categories: { A: 180, B: 180, D: 180 }, signatureYears: 2 });
    // From the shared definitions (fullName, email: A; terms: D) and from the form itself.
    expect(table.services.petitions.categories).toEqual({ fullName: ['A'], email: ['A'], topic: ['D'], message: ['D'], attachment: ['D'], terms: ['D'] });
  });

  it('lets a form say what a shared field holds there, and keeps a column for every category its variants give it', async () => {
    const { problems, files } = await run((s) => {
      s.edit(FORM, (j) => {
        j.properties.email['x-category'] = ['A', 'D'];
        j['x-variants'] = { main: { properties: { topic: { type: 'string', enum: ['parks', 'roads'], 'x-category': 'I' } } } };
      });
    });
    expect(problems).toEqual([]);
    expect(serverTable(files).services.petitions.categories).toMatchObject({ email: ['A', 'D'], topic: ['D', 'I'] });
  });

  it.each<{ given: string; change: (s: SchemasCopy) => void; want: string }>([
    {
      given: 'a field without a category',
      change: (s) => s.edit(FORM, (j) => delete j.properties.topic['x-category']),
      want: 'schemas/services/petition/form.schema.json#/properties/topic: no x-category: say which category of the privacy policy the field holds',
    },
    {
      given: 'a shared definition that leaves the category to the form (document)',
      change: (s) => s.edit(FORM, (j) => delete j.properties.attachment['x-category']),
      want: 'schemas/services/petition/form.schema.json#/properties/attachment: no x-category',
    },
    {
      given: 'a category the privacy policy does not disclose (C: protected classifications)',
      change: (s) => s.edit(FORM, (j) => (j.properties.topic['x-category'] = 'C')),
      want: 'schemas/services/petition/form.schema.json#/properties/topic/x-category: ',
    },
    {
      given: 'category F on a form field (the policy: collected automatically, never typed in)',
      change: (s) => s.edit(FORM, (j) => (j.properties.topic['x-category'] = ['A', 'F'])),
      want: 'schemas/services/petition/form.schema.json#/properties/topic/x-category',
    },
    {
      given: 'a site without retention periods',
      change: (s) => s.edit('site.json', (j) => delete j.retention),
      want: 'schemas/site.json#: missing required key "retention"',
    },
    {
      given: 'a retention period for a letter that is no category of the policy',
      change: (s) => s.edit('site.json', (j) => (j.retention.categories.Z = 30)),
      want: 'schemas/site.json#/retention/categories/Z: the key "Z" is not one of: ',
    },
    {
      given: 'signatures kept for less than the 2 years the Credit Repair Organizations Act requires',
      change: (s) => s.edit('site.json', (j) => (j.retention.signatureYears = 1)),
      want: 'schemas/site.json#/retention/signatureYears: ',
    },
    {
      given: 'a retention period that is not a whole number of days',
      change: (s) => s.edit('site.json', (j) => (j.retention.default = 0.5)),
      want: 'schemas/site.json#/retention/default: ',
    },
  ])('refuses $given', async ({ change, want }) => {
    const { problems } = await run(change);
    expect(problems.some((p) => p.startsWith(want)), problems.join('\n')).toBe(true);
  });
});
