/** studio/model fields, kinds, constraints and the field list: what each edit writes, where, and what it refuses. */
import { describe, expect, it } from 'vitest';
import type { ServiceDraft } from '../../../studio/model/document.ts';
import { addField, fieldSchema, moveField, removeField } from '../../../studio/model/fields.ts';
import { BASE_KINDS, kindFragment, kindOf } from '../../../studio/model/kinds.ts';
import {
  addOption, dateLimit, removeOption, setAlsoRequire, setAutocomplete, setDateLimit, setFileRules, setLimit,
  setNamedPattern, setPattern, setRequired, setStaffCard, staffCardOf,
} from '../../../studio/model/constraints.ts';
import { patternName } from '../../../studio/model/patterns.ts';
import { fieldList } from '../../../studio/model/fieldList.ts';
import { newService } from '../../../studio/model/templates.ts';

const blank = (): ServiceDraft => newService({ id: 'demo', collection: 'demos', prefix: 'DM', route: '/demo', adminRoute: '/demos' });
const schema = (d: ServiceDraft) => d.files['form.schema.json'];

describe('kinds', () => {
  it('reads back the kind each fragment writes', () => {
    for (const k of BASE_KINDS) expect(kindOf(kindFragment(k))).toBe(k);
    expect(kindOf(kindFragment('shared:phone'))).toBe('shared:phone');
  });
});

describe('addField / removeField / moveField', () => {
  it('adds a root field with its label, on the staff card, and refuses bad or taken names', () => {
    const d = addField(blank(), { name: 'age', kind: 'number', label: 'Age' });
    expect(schema(d).properties.age).toEqual({ type: 'number' });
    expect(d.files['i18n/en.json']['fields.age.label']).toBe('Age');
    expect(d.files['admin.ui.json'].fields).toEqual([{ name: 'age' }]);
    expect(() => addField(d, { name: 'age', kind: 'text' })).toThrow(/already has a field age/);
    expect(() => addField(d, { name: 'Full name', kind: 'text' })).toThrow(/cannot be a field name/);
    expect(() => addField(d, { name: 'status', kind: 'text' })).toThrow(/cannot be a field name/);
  });

  it("adds a group's row fields (scalar kinds only) with their texts under items", () => {
    let d = addField(blank(), { name: 'kids', kind: 'group', label: 'Children' });
    d = addField(d, { name: 'name', kind: 'text', label: 'Name' }, 'kids');
    expect(schema(d).properties.kids.items.properties.name).toEqual({ type: 'string', maxLength: 200 });
    expect(d.files['i18n/en.json']['fields.kids.items.name.label']).toBe('Name');
    expect(() => addField(d, { name: 'scan', kind: 'file' }, 'kids')).toThrow(/row takes/);
    d = removeField(d, 'kids.name');
    expect(schema(d).properties.kids.items.properties).toEqual({});
    expect(d.files['i18n/en.json']['fields.kids.items.name.label']).toBeUndefined();
  });

  it('appends a new field to ui:order and to the last step when the form has them', () => {
    let d = addField(blank(), { name: 'a', kind: 'text' });
    d = { ...d, files: { ...d.files, 'form.ui.json': { 'ui:steps': [{ id: 's1', fields: ['a'] }, { id: 's2', fields: [] }] } } };
    d = addField(d, { name: 'b', kind: 'text' });
    expect(d.files['form.ui.json']['ui:steps'][1].fields).toEqual(['b']);
  });

  it('removes a field from every list (required, ui, card, dependentRequired) but keeps its texts (retired)', () => {
    let d = addField(blank(), { name: 'a', kind: 'text', label: 'A' });
    d = addField(d, { name: 'b', kind: 'text' });
    d = setRequired(setAutocomplete(setAlsoRequire(d, 'b', ['a']), 'a', 'name'), 'a', true);
    d = removeField(d, 'a');
    expect(schema(d).required).toBeUndefined();
    expect(schema(d).dependentRequired).toBeUndefined();
    expect(d.files['form.ui.json'].a).toBeUndefined();
    expect(d.files['admin.ui.json'].fields).toEqual([{ name: 'b' }]);
    expect(d.files['i18n/en.json']['fields.a.label']).toBe('A');
    expect(removeField(addField(blank(), { name: 'a', kind: 'text', label: 'A' }), 'a', { removeTexts: true }).files['i18n/en.json']['fields.a.label']).toBeUndefined();
  });

  it('refuses to remove the field a condition tests', () => {
    let d = addField(blank(), { name: 'married', kind: 'yesno' });
    d = addField(d, { name: 'spouse', kind: 'text' });
    d = { ...d, files: { ...d.files, 'form.schema.json': { ...schema(d), properties: { married: { type: 'boolean' } }, allOf: [{ if: { properties: { married: { const: true } }, required: ['married'] }, then: { properties: { spouse: { type: 'string' } } } }] } } };
    expect(() => removeField(d, 'married')).toThrow(/decides when spouse is shown/);
  });

  it('moves a field among its siblings, with ui:order and the staff card following', () => {
    let d = blank();
    for (const n of ['a', 'b', 'c']) d = addField(d, { name: n, kind: 'text' });
    d = { ...d, files: { ...d.files, 'form.ui.json': { 'ui:order': ['a', 'b', 'c'] } } };
    d = moveField(d, 'c', 0);
    expect(Object.keys(schema(d).properties)).toEqual(['c', 'a', 'b']);
    expect(d.files['form.ui.json']['ui:order']).toEqual(['c', 'a', 'b']);
    expect(d.files['admin.ui.json'].fields.map((f: { name: string }) => f.name)).toEqual(['c', 'a', 'b']);
    expect(moveField(d, 'c', 'up')).toBe(d);
    expect(fieldList(moveField(d, 'b', 'up')).map((f) => f.name)).toEqual(['c', 'b', 'a']);
  });
});

describe('constraints', () => {
  const withText = () => addField(blank(), { name: 'code', kind: 'text' });

  it('required goes in form order; several files required also need at least one file', () => {
    let d = addField(withText(), { name: 'docs', kind: 'files' });
    d = setRequired(setRequired(d, 'docs', true), 'code', true);
    expect(schema(d).required).toEqual(['code', 'docs']);
    expect(fieldSchema(d, 'docs')!.minItems).toBe(1);
    d = setRequired(d, 'docs', false);
    expect(fieldSchema(d, 'docs')!.minItems).toBeUndefined();
    expect(schema(d).required).toEqual(['code']);
  });

  it('named patterns write the shared field regex, length and error text; a custom one must compile', () => {
    let d = setNamedPattern(withText(), 'code', 'zip');
    expect(fieldSchema(d, 'code')).toEqual({ type: 'string', maxLength: 10, pattern: '^[0-9]{5}(-[0-9]{4})?$', 'x-errors': { pattern: 'errors.field.zip.pattern' } });
    expect(patternName(fieldSchema(d, 'code'))).toBe('zip');
    d = setPattern(d, 'code', '^[A-Z]{3}$');
    expect(fieldSchema(d, 'code')).toEqual({ type: 'string', maxLength: 10, pattern: '^[A-Z]{3}$' });
    expect(patternName(fieldSchema(d, 'code'))).toBeNull();
    expect(() => setPattern(d, 'code', '([')).toThrow(/not a regular expression/);
  });

  it('date limits: absolute dates are formatMinimum/Maximum, relative ones x-date', () => {
    let d = addField(blank(), { name: 'day', kind: 'date' });
    d = setDateLimit(setDateLimit(d, 'day', 'min', '2000-01-01'), 'day', 'max', 'today+90d');
    expect(fieldSchema(d, 'day')).toEqual({ type: 'string', format: 'date', formatMinimum: '2000-01-01', 'x-date': { max: 'today+90d' } });
    d = setDateLimit(d, 'day', 'min', 'today');
    expect(fieldSchema(d, 'day')).toEqual({ type: 'string', format: 'date', 'x-date': { min: 'today', max: 'today+90d' } });
    expect(dateLimit(fieldSchema(d, 'day'), 'min')).toBe('today');
    expect(() => setDateLimit(d, 'day', 'max', 'next week')).toThrow(/not a date limit/);
  });

  it('options carry their English text and leave with their texts', () => {
    let d = addField(blank(), { name: 'size', kind: 'choice' });
    d = addOption(addOption(d, 'size', 's', 'Small'), 'size', 'l', 'Large');
    expect(fieldSchema(d, 'size')!.enum).toEqual(['s', 'l']);
    expect(() => addOption(d, 'size', 's')).toThrow(/already has the option s/);
    d = removeOption(d, 'size', 's');
    expect(fieldSchema(d, 'size')!.enum).toEqual(['l']);
    expect(d.files['i18n/en.json']['fields.size.options.s']).toBeUndefined();
  });

  it('file rules take MB and write bytes, types in a fixed order', () => {
    let d = addField(blank(), { name: 'scan', kind: 'file' });
    d = setFileRules(d, 'scan', { accept: ['image/png', 'application/pdf'], maxSizeMB: 5 });
    expect(fieldSchema(d, 'scan')!['x-file']).toEqual({ accept: ['application/pdf', 'image/png'], maxSize: 5 * 1024 * 1024 });
  });

  it('limits, autocomplete and the staff card', () => {
    let d = setLimit(withText(), 'code', 'minLength', 2);
    expect(fieldSchema(d, 'code')).toEqual({ type: 'string', minLength: 2, maxLength: 200 });
    d = setAutocomplete(d, 'code', 'postal-code');
    expect(d.files['form.ui.json']).toEqual({ code: { 'ui:autocomplete': 'postal-code' } });
    d = setStaffCard(d, 'code', { copy: true, display: 'text' });
    expect(d.files['admin.ui.json'].fields).toEqual([{ name: 'code', display: 'text', copy: true }]);
    expect(staffCardOf(d, 'code')).toEqual({ shown: true, copy: true, display: 'text' });
    d = setStaffCard(d, 'code', { shown: false });
    expect(staffCardOf(d, 'code').shown).toBe(false);
  });
});
