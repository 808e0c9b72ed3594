/**
 * A field's error texts are part of its schema (x-errors, schemas/meta/property.meta.json): the generator
 * refuses a text key that does not exist, and a pattern with no words saying what to enter, since the
 * generic "check the format of this value" tells the applicant nothing they can act on.
 */
import { describe, expect, it } from 'vitest';
import { formatLocated } from '../../../generator/errors.ts';
import { copySchemas, generateCopy, type SchemasCopy } from '../../support/schemas-copy.ts';

const SVC = 'services/petition';
const AT = `schemas/${SVC}`;

async function problemsAfter(change: (s: SchemasCopy) => void): Promise<string[]> {
  const copy = copySchemas({ fixtures: ['petition'] });
  change(copy);
  return (await generateCopy(copy)).problems.map(formatLocated);
}

describe("a field's error texts", () => {
  it('refuse a pattern nobody explains', async () => {
    const problems = await problemsAfter((s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.topic = { type: 'string', pattern: '^[a-z]+$', 'x-category': 'D' })));
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${AT}/form.schema.json:\\d+:\\d+: no English text for message "service.petition.fields.topic.errors.pattern"`))]);
  });

  it("accept the pattern once the service's texts say what to enter, in every language", async () => {
    const problems = await problemsAfter((s) => {
      s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.topic = { type: 'string', pattern: '^[a-z]+$', 'x-category': 'D' }));
      const words = { en: 'Enter the topic in small letters, like parks.', uz: 'Mavzuni kichik harflar bilan kiriting, masalan parks.', ru: 'Введите тему строчными буквами, например parks.' };
      for (const l of ['en', 'uz', 'ru'] as const) s.edit(`${SVC}/i18n/${l}.json`, (j) => (j['fields.topic.errors.pattern'] = words[l]));
    });
    expect(problems.filter((p) => p.startsWith(AT))).toEqual([]);
  });

  it('refuse an x-errors text that does not exist, and a rule x-errors does not know', async () => {
    const problems = await problemsAfter((s) =>
      s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.fullName = { $ref: j.properties.fullName.$ref, 'x-errors': { required: 'errors.field.nickname.required' } })),
    );
    expect(problems).toEqual([expect.stringMatching(/no English text for message "errors\.field\.nickname\.required"/)]);
    const unknown = await problemsAfter((s) =>
      s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.fullName = { $ref: j.properties.fullName.$ref, 'x-errors': { requird: 'errors.field.fullName.required' } })),
    );
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatch(/requird/);
  });
});
