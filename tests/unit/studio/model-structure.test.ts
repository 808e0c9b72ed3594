/** studio/model conditions, steps, texts and settings. */
import { describe, expect, it } from 'vitest';
import type { ServiceDraft } from '../../../studio/model/document.ts';
import { addField } from '../../../studio/model/fields.ts';
import { addOption, setRequired } from '../../../studio/model/constraints.ts';
import { conditionOf, conditionSources, setCondition } from '../../../studio/model/conditions.ts';
import { addStep, moveStep, removeStep, renameStep, setStepOfField, setUseSteps, stepsOf } from '../../../studio/model/steps.ts';
import { neededTextKeys, setText, textTable } from '../../../studio/model/texts.ts';
import { afterSendingOf, setAdminRoute, setAfterSending, setApplicantMail, setIntro, setPrefix, setRoute } from '../../../studio/model/settings.ts';
import { fieldList } from '../../../studio/model/fieldList.ts';
import { newService } from '../../../studio/model/templates.ts';

const blank = (): ServiceDraft => newService({ id: 'demo', collection: 'demos', prefix: 'DM', route: '/demo', adminRoute: '/demos' });

function withChoice(): ServiceDraft {
  let d = addField(blank(), { name: 'status2', kind: 'choice' });
  d = addOption(addOption(d, 'status2', 'single'), 'status2', 'married');
  d = addField(d, { name: 'spouse', kind: 'text', label: 'Spouse' });
  d = addField(d, { name: 'other', kind: 'text' });
  return setRequired(d, 'spouse', true);
}

describe('conditions', () => {
  it('moves a field into a branch with its required, and back after the field it depended on', () => {
    let d = setCondition(withChoice(), 'spouse', { when: 'status2', equals: 'married' });
    const schema = d.files['form.schema.json'];
    expect(Object.keys(schema.properties)).toEqual(['status2', 'other']);
    expect(schema.required).toBeUndefined();
    expect(schema.allOf).toEqual([{ if: { properties: { status2: { const: 'married' } }, required: ['status2'] }, then: { properties: { spouse: { type: 'string', maxLength: 200 } }, required: ['spouse'] } }]);
    expect(conditionOf(d, 'spouse')).toEqual({ when: 'status2', equals: 'married' });
    expect(fieldList(d).map((f) => [f.name, f.condition?.equals ?? null, f.required])).toEqual([['status2', null, false], ['spouse', 'married', true], ['other', null, false]]);
    // A second field under the same test joins the same branch.
    d = setCondition(d, 'other', { when: 'status2', equals: 'married' });
    expect(d.files['form.schema.json'].allOf).toHaveLength(1);
    d = setCondition(setCondition(d, 'other', null), 'spouse', null);
    expect(Object.keys(d.files['form.schema.json'].properties)).toEqual(['status2', 'spouse', 'other']);
    expect(d.files['form.schema.json'].required).toEqual(['spouse']);
    expect(d.files['form.schema.json'].allOf).toBeUndefined();
  });

  it('offers choice and yes/no root fields, and refuses what the engine cannot do', () => {
    const d = withChoice();
    expect(conditionSources(d)).toEqual([{ name: 'status2', values: ['single', 'married'] }]);
    expect(() => setCondition(d, 'spouse', { when: 'other', equals: 'x' })).toThrow(/not a choice or yes\/no/);
    expect(() => setCondition(d, 'spouse', { when: 'status2', equals: 'widowed' })).toThrow(/cannot be widowed/);
  });
});

describe('steps', () => {
  it('on: one step with every field; then rename, add, assign, move, remove; off: gone with titles', () => {
    let d = setUseSteps(withChoice(), true);
    expect(stepsOf(d)).toEqual([{ id: 'main', fields: ['status2', 'spouse', 'other'] }]);
    d = setText(d, 'en', 'steps.main', 'Main');
    d = renameStep(d, 'main', 'first');
    expect(d.files['i18n/en.json']['steps.first']).toBe('Main');
    d = addStep(d, 'second', 'Second');
    d = setStepOfField(d, 'spouse', 'second');
    expect(stepsOf(d)).toEqual([{ id: 'first', fields: ['status2', 'other'] }, { id: 'second', fields: ['spouse'] }]);
    // The staff card follows the steps.
    expect(d.files['admin.ui.json'].fields.map((f: { name: string }) => f.name)).toEqual(['status2', 'other', 'spouse']);
    d = moveStep(d, 'second', 'up');
    expect(stepsOf(d).map((s) => s.id)).toEqual(['second', 'first']);
    d = removeStep(d, 'second');
    expect(stepsOf(d)).toEqual([{ id: 'first', fields: ['spouse', 'status2', 'other'] }]);
    expect(d.files['i18n/en.json']['steps.second']).toBeUndefined();
    d = setUseSteps(d, false);
    expect(d.files['form.ui.json']).toEqual({ 'ui:order': ['spouse', 'status2', 'other'] });
    expect(d.files['i18n/en.json']['steps.first']).toBeUndefined();
  });
});

describe('texts', () => {
  it("lists needed and present keys in canonical order with each language's status", () => {
    let d = setIntro(withChoice(), true, 'Hello');
    d = setText(setText(d, 'uz', 'intro', 'Salom'), 'ru', 'intro', 'Hello');
    const rows = textTable(d);
    expect(rows.map((r) => r.key)).toEqual([
      'title', 'intro', 'fields.status2.label', 'fields.status2.options.single', 'fields.status2.options.married',
      'fields.spouse.label', 'fields.other.label', 'admin.title', 'admin.deleted', 'received',
    ]);
    const intro = rows.find((r) => r.key === 'intro')!;
    expect(intro.status).toEqual({ en: 'ok', uz: 'ok', ru: 'untranslated' });
    expect(rows.find((r) => r.key === 'title')!.status.en).toBe('missing');
    expect(neededTextKeys(addField(blank(), { name: 'fullName', kind: 'shared:fullName' }))).not.toContain('fields.fullName.label');
  });

  it('puts a new key at its canonical place in every language file', () => {
    const d = setText(setText(withChoice(), 'ru', 'title', 'Заголовок'), 'ru', 'fields.spouse.label', 'Супруг');
    expect(Object.keys(d.files['i18n/ru.json'])).toEqual(['title', 'fields.spouse.label', 'admin.deleted', 'received']);
    expect(setText(d, 'ru', 'title', null).files['i18n/ru.json'].title).toBeUndefined();
  });
});

describe('settings', () => {
  it('edits service.json in place and refuses what its meta-schema refuses', () => {
    let d = setAdminRoute(setRoute(setPrefix(blank(), 'ABC'), '/new-demo'), '/staff/demos');
    const s = d.files['service.json'];
    expect([s.reference.prefix, s.forms[0].route, s.admin.route]).toEqual(['ABC', '/new-demo', '/staff/demos']);
    expect(() => setPrefix(d, 'abc')).toThrow(/2 to 4 capital letters/);
    expect(() => setRoute(d, 'demo')).toThrow(/starts with \//);
    expect(afterSendingOf(d)).toEqual({ kind: 'message', message: 'received' });
    d = setAfterSending(d, { kind: 'page', page: '/thanks' });
    expect(d.files['service.json'].forms[0].success).toBe('/thanks');
    d = setApplicantMail(d, { template: 'acknowledgement', to: 'email' });
    expect(Object.keys(d.files['service.json'])).toEqual(['$schema', 'id', 'collection', 'reference', 'forms', 'mail', 'admin', 'trash']);
  });
});
