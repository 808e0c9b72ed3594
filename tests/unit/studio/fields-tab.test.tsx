/**
 * The Fields tab on the tax-return fixture: the ordered list with its drag handles and move buttons (a
 * condition's field moves among its own branch only, so it has no move at all here), and each kind's
 * editor showing what the schema holds — dates with relative limits, several files, options, a shared
 * field's definition under the form's own keywords, a condition, dependentRequired, the staff card, a
 * repeating group with its row fields — and the generator's problems beside the field they concern.
 */
import { describe, expect, it } from 'vitest';
import { FieldEditor } from '../../../studio/app/fields/FieldEditor.tsx';
import { FieldsTab } from '../../../studio/app/fields/FieldsTab.tsx';
import { fieldList } from '../../../studio/model/fieldList.ts';
import { inputLabelled, problem, render, selectedIn, tagLabelled, taxreturn } from './fields-support.tsx';

const draft = taxreturn();
const editor = (ref: string, options?: Parameters<typeof render>[2]) => render(<FieldEditor fieldRef={ref} onRemoved={() => {}} />, draft, options);
const checked = (html: string, label: string) => {
  const input = inputLabelled(html, label);
  expect(input, label).not.toBeNull();
  return / checked=""/.test(input!);
};
const valueOf = (html: string, label: string) => / value="([^"]*)"/.exec(inputLabelled(html, label) ?? '')?.[1];

describe('the field list', () => {
  const html = render(<FieldsTab />, draft, { dnd: false, problems: [problem('form.schema.json', '/properties/w2/x-file/maxSize', 'too big'), problem('form.schema.json', '/properties/w2', 'another')] });

  it('lists every field in form order, named "Fields", each with its English label and name', () => {
    expect(html).toMatch(/role="list"[^>]*aria-label="Fields"/);
    const names = [...html.matchAll(/aria-label="Drag ([^"]+)"/g)].map((m) => m[1]);
    // The branch field follows the field it depends on; a group's row fields are in its own editor, closed here.
    expect(names).toEqual(fieldList(draft).map((f) => f.ref));
    expect(names.indexOf('spouseName')).toBe(names.indexOf('filingStatus') + 1);
    expect(html).toContain('Preferred appointment date');
    expect(html).toContain("(the shared field&#x27;s label)"); // fullName: labelled by the common texts
    expect(html).toContain('Shown when filingStatus is married');
    expect(html).toContain('Step: documents');
  });

  it('drags by a keyboard-focusable handle and moves with buttons that keep focus at the ends', () => {
    const handle = tagLabelled(html, 'Drag email')!;
    expect(handle).toContain('role="button"');
    expect(handle).toContain('tabindex="0"');
    expect(handle).toMatch(/aria-describedby="rfd-hidden-text/); // the drag instructions (put in the page once mounted)
    expect(tagLabelled(html, 'Move fullName up')).toContain('aria-disabled="true"');
    expect(tagLabelled(html, 'Move fullName down')).not.toContain('aria-disabled');
    expect(tagLabelled(html, 'Move terms down')).toContain('aria-disabled="true"');
    // A condition's only field has no sibling to swap with.
    expect(tagLabelled(html, 'Move spouseName up')).toContain('aria-disabled="true"');
    expect(tagLabelled(html, 'Move spouseName down')).toContain('aria-disabled="true"');
    for (const tag of [tagLabelled(html, 'Move email up'), tagLabelled(html, 'Move email down')]) expect(tag).not.toMatch(/ disabled=""/);
  });

  it('has an Edit toggle per field and an Add field button, and counts each field’s problems', () => {
    expect(tagLabelled(html, 'Edit birthDate')).toContain('aria-expanded="false"');
    expect(html).toMatch(/<button[^>]*>(?:<span[^>]*>)+Add field</);
    expect(html).toContain('2 problems');
  });
});

describe('the field editor', () => {
  it('is a group named after the field, with its English texts and Required', () => {
    const html = editor('birthDate');
    expect(html).toMatch(/role="group" aria-label="Field birthDate"/);
    expect(valueOf(html, 'Label (English)')).toBe('Date of birth');
    expect(valueOf(html, 'Help (English)')).toBe('');
    expect(checked(html, 'Required')).toBe(true);
  });

  it('shows a date’s absolute and relative limits, its example and autofill hint', () => {
    const html = editor('birthDate');
    expect(valueOf(html, 'Earliest date')).toBe('1900-01-01');
    expect(valueOf(html, 'Latest date')).toBe('today-18y');
    expect(valueOf(html, 'Example')).toBe('1988-04-12');
    expect(selectedIn(html, 'Autocomplete')).toBe('bday');
    expect(checked(html, 'A (identifiers)')).toBe(true);
    expect(checked(html, 'D (commercial information)')).toBe(false);
  });

  it('shows several files’ rules in megabytes, with the accepted types ticked', () => {
    const html = editor('w2');
    for (const type of ['PDF', 'JPEG', 'PNG']) expect(checked(html, type), type).toBe(true);
    for (const type of ['WebP', 'HEIC', 'GIF', 'Word']) expect(checked(html, type), type).toBe(false);
    expect(valueOf(html, 'Largest file (MB)')).toBe('10');
    expect(valueOf(html, 'Most files')).toBe('5');
    expect(valueOf(html, 'Total size (MB)')).toBe('20');
    expect(valueOf(html, 'Fewest files')).toBe('1');
    expect(html).not.toContain('>Minimum length<');
  });

  it('edits a choice’s options: their English texts, removal, and a row to add one', () => {
    const html = editor('filingStatus');
    expect(/ value="([^"]*)"/.exec(tagLabelled(html, 'Text of married (English)')!)?.[1]).toBe('Married filing jointly');
    for (const value of ['single', 'married', 'headOfHousehold']) expect(html).toMatch(new RegExp(`>Remove option ${value}<`));
    expect(inputLabelled(html, 'Option value')).not.toBeNull();
    expect(inputLabelled(html, 'Option text (English)')).not.toBeNull();
    expect(html).toMatch(/type="submit"[^>]*>(?:<span[^>]*>)+Add option</);
  });

  it('shows a shared field’s definition with the form’s own category over it, and its named pattern', () => {
    const html = editor('previousPreparerPhone');
    expect(selectedIn(html, 'Pattern')).toBe('usPhone');
    expect(valueOf(html, 'Maximum length')).toBe('20');
    expect(checked(html, 'D (commercial information)')).toBe(true);
    expect(checked(html, 'A (identifiers)')).toBe(false); // the definition's A is overridden beside the $ref
    expect(html).toContain('Leave it empty to use the shared field');
  });

  it('shows a condition and what a field makes required, both among root fields', () => {
    const spouse = editor('spouseName');
    expect(selectedIn(spouse, 'Show only when')).toBe('filingStatus');
    expect(selectedIn(spouse, 'equals')).toBe('=married');
    expect(spouse).toContain('Married filing jointly (married)');
    expect(spouse).toContain('Required only when the field is shown.');
    expect(spouse).not.toContain('When answered, also require'); // a branch field's answer requires nothing at the root
    const preparer = editor('previousPreparer');
    expect(selectedIn(preparer, 'Show only when')).toBe('');
    expect(preparer).toContain('When answered, also require');
    expect(checked(preparer, 'previousPreparerPhone')).toBe(true);
    expect(checked(preparer, 'email')).toBe(false);
    expect(inputLabelled(preparer, 'spouseName')).toBeNull(); // conditional fields are not offered
  });

  it('shows the staff card’s entry: shown, copy button, display', () => {
    const name = editor('fullName');
    expect(checked(name, 'Show on the staff card')).toBe(true);
    expect(checked(name, 'Copy button')).toBe(true);
    expect(selectedIn(name, 'Show as')).toBe('');
    expect(selectedIn(editor('email'), 'Show as')).toBe('email');
    const terms = editor('terms');
    expect(checked(terms, 'Show on the staff card')).toBe(false);
    expect(inputLabelled(terms, 'Copy button')).toContain('disabled=""');
  });

  it('edits a repeating group: rows, its texts, and its row fields in a list of their own', () => {
    const html = editor('dependents');
    expect(valueOf(html, 'Most rows')).toBe('10');
    expect(valueOf(html, 'Fewest rows')).toBe('');
    expect(valueOf(html, 'Add-row button (English)')).toBe('Add a dependent');
    expect(valueOf(html, 'Row title (English)')).toBe('Dependent {number}');
    expect(html).toMatch(/role="list"[^>]*aria-label="Fields of dependents"/);
    for (const item of ['name', 'birthDate', 'relationship']) expect(tagLabelled(html, `Edit dependents.${item}`)).not.toBeNull();
    expect(html).toMatch(/>Add field to dependents</);
  });

  it('edits a row field like a field, without what only a form field has', () => {
    const html = editor('dependents.birthDate');
    expect(html).toMatch(/aria-label="Field dependents.birthDate"/);
    expect(valueOf(html, 'Label (English)')).toBe('Date of birth');
    expect(valueOf(html, 'Latest date')).toBe('today');
    for (const absent of ['Privacy category', 'Show only when', 'Show on the staff card']) expect(html).not.toContain(absent);
    expect(html).toMatch(/>Remove dependents.birthDate</);
  });

  it('shows the generator’s problems of that field, and only of that field, in the command line’s words', () => {
    const problems = [problem('form.schema.json', '/allOf/0/then/properties/spouseName/maxLength', 'must be a number'), problem('form.schema.json', '/properties/email', 'elsewhere')];
    const html = editor('spouseName', { problems });
    expect(html).toContain('role="alert"');
    expect(html).toContain('schemas/services/taxreturn/form.schema.json:3:5: must be a number');
    expect(html).not.toContain('elsewhere');
  });
});
