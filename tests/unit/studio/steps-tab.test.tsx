/**
 * The Steps tab: on the tax-return fixture (four steps), the switch on, each step with its title, move
 * and remove buttons (the ends aria-disabled, so the keyboard's focus stays), the add form, and the step
 * of every field, conditional ones included; on a service without steps, the switch off and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { StepsTab, stepTitle } from '../../../studio/app/steps/StepsTab.tsx';
import { fieldList } from '../../../studio/model/fieldList.ts';
import { setUseSteps } from '../../../studio/model/steps.ts';
import { inputLabelled, loadDraft, render, selectedIn, tagLabelled, taxreturn } from './fields-support.tsx';

/** The switch whose <label> wraps it and the text "Show the form in steps". */
const stepsSwitch = (html: string) => /<label[^>]*>(<input[^>]*role="switch"[^>]*>)(?:(?!<\/label>)[\s\S])*Show the form in steps/.exec(html)?.[1] ?? null;

describe('the steps tab', () => {
  const draft = taxreturn();
  const html = render(<StepsTab />, draft, { dnd: false });

  it('shows the switch on and the steps in order with their English titles', () => {
    expect(stepsSwitch(html)).toContain('checked=""');
    expect(html).toMatch(/role="list"[^>]*aria-label="Steps"/);
    const titles = ['about', 'family', 'documents', 'finish'].map((id) => / value="([^"]*)"/.exec(inputLabelled(html, `Title of ${id} (English)`)!)?.[1]);
    expect(titles).toEqual(['About you', 'Dependents', 'Documents', 'Appointment']);
    expect(html.indexOf('Title of about')).toBeLessThan(html.indexOf('Title of finish'));
  });

  it('moves and removes steps with buttons named after them', () => {
    expect(tagLabelled(html, 'Move step about up')).toContain('aria-disabled="true"');
    expect(tagLabelled(html, 'Move step about down')).not.toContain('aria-disabled');
    expect(tagLabelled(html, 'Move step finish down')).toContain('aria-disabled="true"');
    expect(html).toMatch(/>Remove step documents</);
    for (const label of ['Step id', 'Title (English)']) expect(inputLabelled(html, label), label).not.toBeNull();
    expect(html).toMatch(/type="submit"[^>]*>(?:<span[^>]*>)+Add step</);
  });

  it('has a "Step of <name>" select for every field, a conditional one included', () => {
    for (const field of fieldList(draft)) expect(tagLabelled(html, `Step of ${field.ref}`), field.ref).not.toBeNull();
    expect(selectedIn(html, 'Step of spouseName')).toBe('about');
    expect(selectedIn(html, 'Step of w2')).toBe('documents');
    expect(html).toContain('>About you (about)</option>');
  });

  it('lets the only step stay: its remove button is aria-disabled and says why', () => {
    const one = setUseSteps(setUseSteps(draft, false), true);
    const single = render(<StepsTab />, one, { dnd: false });
    const remove = /<button[^>]*>(?:<span[^>]*>)+Remove step [^<]+</.exec(single)![0];
    expect(remove).toContain('aria-disabled="true"');
    expect(remove).toContain('title="A form in steps has at least one step');
  });

  it('shows only the switch, off, for a form without steps', () => {
    const contact = render(<StepsTab />, loadDraft('contact'), { dnd: false });
    expect(stepsSwitch(contact)).not.toBeNull();
    expect(stepsSwitch(contact)).not.toContain('checked=""');
    expect(contact).not.toContain('aria-label="Steps"');
    expect(contact).not.toContain('Step of ');
  });

  it('names a step in a select by its title and id, or by its id alone', () => {
    expect(stepTitle({ 'steps.about': 'About you' }, 'about')).toBe('About you (about)');
    expect(stepTitle({}, 'about')).toBe('about');
  });
});
