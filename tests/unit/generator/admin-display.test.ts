/**
 * How the staff card shows a field, derived from its schema (generator/model/adminDisplay.ts), on the
 * tax-return fixture's fields: a date, a repeating group's table with its columns, several files, and
 * what admin.ui.json may (not) say instead.
 */
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCopy, derivedDisplay, displayProblem, groupColumns } from '../../../generator/model/adminDisplay.ts';
import type { FormSchemaJson, PropertySchema } from '../../../generator/sources.ts';
import { copySchemas } from '../../support/schemas-copy.ts';

/** The fixture's fields, those of its if/then branches included. */
let props: Record<string, PropertySchema>;

beforeAll(async () => {
  // The fixture's $refs point at schemas/common: read it where a service folder sits.
  const copy = copySchemas({ fixtures: ['taxreturn'] });
  try {
    const schema = await $RefParser.dereference<FormSchemaJson>(join(copy.schemasDir, 'services/taxreturn/form.schema.json'));
    const branches = ((schema.allOf ?? []) as { then?: { properties?: Record<string, PropertySchema> } }[]).map((c) => c.then?.properties ?? {});
    props = Object.assign({}, schema.properties, ...branches);
  } finally {
    rmSync(copy.root, { recursive: true, force: true });
  }
});

describe('display derived from the schema', () => {
  it('shows a date as a date, a group as a table, several files as a list, one file as a link', () => {
    expect(derivedDisplay(props.birthDate!)).toBe('date');
    expect(derivedDisplay(props.appointment!)).toBe('date');
    expect(derivedDisplay(props.dependents!)).toBe('group');
    expect(derivedDisplay(props.w2!)).toBe('files');
    expect(derivedDisplay({ type: 'string', 'x-file': { accept: ['application/pdf'], maxSize: 1 } } as PropertySchema)).toBe('file');
    expect(derivedDisplay(props.spouseName!)).toBe('text');
    expect(derivedDisplay(props.filingStatus!)).toBe('text');
  });

  it('masks a sensitive field whatever else it is', () => {
    expect(derivedDisplay({ type: 'string', format: 'date', 'x-sensitive': true } as PropertySchema)).toBe('masked');
  });

  it('gives a table and a list of files no copy button by default', () => {
    expect(defaultCopy('group')).toBe(false);
    expect(defaultCopy('files')).toBe(false);
    expect(defaultCopy('date')).toBe(true);
  });
});

describe("a group's table", () => {
  it('has a column per item field in the schema order, with label and option keys, dates as dates', () => {
    expect(groupColumns('service.taxreturn', 'dependents', props.dependents!)).toEqual([
      { name: 'name', label: 'service.taxreturn.fields.dependents.items.name.label', display: 'text' },
      { name: 'birthDate', label: 'service.taxreturn.fields.dependents.items.birthDate.label', display: 'date' },
      {
        name: 'relationship',
        label: 'service.taxreturn.fields.dependents.items.relationship.label',
        display: 'text',
        options: 'service.taxreturn.fields.dependents.items.relationship.options',
      },
    ]);
  });
  it('shows a yes / no item as such; a field that is no group has no columns', () => {
    const group = { type: 'array', maxItems: 2, items: { type: 'object', properties: { student: { type: 'boolean' } } } } as PropertySchema;
    expect(groupColumns('service.x', 'kids', group)).toEqual([{ name: 'student', label: 'service.x.fields.kids.items.student.label', display: 'bool' }]);
    expect(groupColumns('service.x', 'w2', props.w2!)).toEqual([]);
  });
});

describe("admin.ui.json's own display", () => {
  it('may show a date as stored, and name the display a field already has', () => {
    expect(displayProblem(props.birthDate!, 'text', undefined)).toBeUndefined();
    expect(displayProblem(props.birthDate!, 'date', true)).toBeUndefined();
    expect(displayProblem(props.dependents!, undefined, undefined)).toBeUndefined();
    expect(displayProblem(props.previousPreparerPhone!, 'phone', undefined)).toBeUndefined();
  });
  it('is refused where it does not fit, saying why', () => {
    expect(displayProblem(props.dependents!, 'text', undefined)).toMatch(/display "text" does not apply here: a repeating group is shown as a table/);
    expect(displayProblem(props.w2!, 'file', undefined)).toMatch(/display "file" does not apply here: a field of several files is shown as the list/);
    expect(displayProblem(props.dependents!, undefined, true)).toMatch(/copy does not apply here/);
    expect(displayProblem(props.fullName!, 'date', undefined)).toBe('display "date" needs a date field (type string, format date)');
  });
});
