/**
 * The generator refuses bad schema folders with the file, the JSON pointer and a plain message,
 * and writes nothing (design.md: "a typo is an error, not a silent no-op").
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { } from '../../../generator/pipeline.ts';
import { formatProblem } from '../../../generator/errors.ts';
import { copySchemas, generateCopy, type SchemasCopy } from '../../support/schemas-copy.ts';

const SVC = 'services/petition';

async function problemsAfter(change: (s: SchemasCopy) => void): Promise<string[]> {
  const copy = copySchemas({ fixtures: ['petition'] });
  change(copy);
  return (await generateCopy(copy)).problems.map(formatProblem);
}

describe('schema problems', () => {
  it('accepts the fixture service as it is', async () => {
    expect(await problemsAfter(() => {})).toEqual([]);
  });

  it.each<{ given: string; change: (s: SchemasCopy) => void; want: string }>([
    {
      given: 'a misspelt keyword in a field',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.topic.maxLenght = 5)),
      want: 'schemas/services/petition/form.schema.json#/properties/topic/maxLenght: not supported here: maxLenght (did you mean maxLength? supported: ',
    },
    {
      given: 'an unknown x- keyword',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.topic['x-secret'] = true)),
      want: 'schemas/services/petition/form.schema.json#/properties/topic/x-secret: not supported here: x-secret (supported: ',
    },
    {
      given: 'a required field that does not exist',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => j.required.push('nickname')),
      want: 'schemas/services/petition/form.schema.json#/required/4: "nickname" is not a property of the form',
    },
    {
      given: 'a variant naming an unknown field',
      change: (s) => s.edit(`${SVC}/service.json`, (j) => (j.forms[0].fields = ['fullName', 'phoneNumber'])),
      want: 'schemas/services/petition/service.json#/forms/0/fields/1: "phoneNumber" is not a property of form.schema.json',
    },
    {
      given: 'a missing Uzbek translation',
      change: (s) => s.edit(`${SVC}/i18n/uz.json`, (j) => delete j.intro),
      want: 'schemas/services/petition/i18n/uz.json#/intro: missing translation of "intro" (present in en.json)',
    },
    {
      given: 'a Russian text copied from English',
      change: (s) => s.edit(`${SVC}/i18n/ru.json`, (j) => (j.intro = 'Tell the council what to fix.')),
      want: 'schemas/services/petition/i18n/ru.json#/intro: "intro" is the same as in English; translate it (or list it in common/i18n/same-in-all-languages.json)',
    },
    {
      given: 'an enum option without a label',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => j.properties.topic.enum.push('lights')),
      want: 'schemas/services/petition/form.schema.json#/properties/topic/enum: no English text for message "service.petition.fields.topic.options.lights"',
    },
    {
      given: 'a route another form already uses',
      change: (s) => s.edit(`${SVC}/service.json`, (j) => (j.forms[0].route = '/creditrepair')),
      want: 'schemas/services/petition/service.json#: route /creditrepair is already used by schemas/services/creditrepair/service.json',
    },
    {
      given: 'a price block naming an unknown constant',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:blocks']['before:terms'][0].amount = 'price')),
      want: 'schemas/services/petition/form.ui.json#/ui:blocks/before:terms/0: "price" is not one of service.json constants',
    },
    {
      given: 'a widget chosen by name instead of by schema keywords',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j.topic = { 'ui:widget': 'radio' })),
      want: 'schemas/services/petition/form.ui.json#/topic/ui:widget: not supported here: ui:widget (supported: ui:autocomplete, items)',
    },
    {
      given: 'a field component chosen by name instead of by the type (the browser has only the scalar ones)',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j.topic = { 'ui:field': 'ArrayField' })),
      want: 'schemas/services/petition/form.ui.json#/topic/ui:field: not supported here: ui:field (supported: ui:autocomplete, items)',
    },
    {
      given: 'a message key with a character keys may not have',
      change: (s) => s.edit(`${SVC}/i18n/en.json`, (j) => (j['bad/key'] = 'x')),
      want: 'schemas/services/petition/i18n/en.json#/bad~1key: the key "bad/key" is not a message key of letters, digits, dots, hyphens and underscores',
    },
    {
      given: 'a link to a route no page or form has',
      change: (s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:blocks'].bottom = [{ type: 'links', links: [{ to: '/petitons', message: 'intro' }] }])),
      want: 'schemas/services/petition/form.ui.json#/ui:blocks: no page or form has the route /petitons',
    },
    {
      given: "a product's page after payment that no page or form has",
      change: (s) => s.edit('site.json', (j) => (j.products = { plan: { name: 'site.name', items: [], paid: '/thanks', prices: { year: 10 } } })),
      want: 'schemas/site.json#/products/plan/paid: no page or form has the route /thanks',
    },
    {
      given: 'a status meaning that names no status',
      change: (s) => s.edit('site.json', (j) => (j.statusMeanings.startsService = ['review', 'aproved'])),
      want: 'schemas/site.json#/statusMeanings/startsService/1: "aproved" is not one of the statuses (new, review, approved, rejected, done, cancelled)',
    },
    {
      given: 'a cancelled status that is not final',
      change: (s) => s.edit('site.json', (j) => (j.statusMeanings.final = ['rejected'])),
      want: 'schemas/site.json#/statusMeanings/cancelled: the cancelled status "cancelled" must be one of the final ones: a cancelled contract stays cancelled',
    },
    {
      given: 'a route parameter no field takes',
      change: (s) => s.edit(`${SVC}/service.json`, (j) => (j.forms[0].route = '/petition/:ward')),
      want: 'schemas/services/petition/service.json#/forms/0/route: no field of variant "main" takes :ward (x-route-param)',
    },
    {
      given: 'a field taking a parameter its route lacks',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.topic['x-route-param'] = 'topic')),
      want: 'schemas/services/petition/form.schema.json#/properties/topic/x-route-param: route /petition of variant "main" has no :topic',
    },
    {
      given: 'x-variants for a variant service.json does not have',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j['x-variants'] = { short: { required: ['fullName'] } })),
      want: 'schemas/services/petition/form.schema.json#/x-variants/short: no form variant "short" in service.json',
    },
    {
      given: 'a variant giving a field a schema of another kind (one column holds both)',
      change: (s) => {
        s.edit(`${SVC}/service.json`, (j) => j.forms.push({ id: 'short', route: '/petition-short', success: '/petition' }));
        s.edit(`${SVC}/form.schema.json`, (j) => (j['x-variants'] = { short: { properties: { topic: { type: 'string', maxLength: 20 } } } }));
      },
      want: 'schemas/services/petition/form.schema.json#/x-variants: "topic" must keep its kind (select) in every variant: they share one column',
    },
    {
      given: 'an inline success without its English text',
      change: (s) => s.edit(`${SVC}/service.json`, (j) => (j.forms[0].success = { show: 'instead', blocks: [{ type: 'text', message: 'thanks' }] })),
      want: 'schemas/services/petition/service.json#: no English text for message "service.petition.thanks"',
    },
    {
      given: "a success route that is the form's own (the applicant would see no word of success)",
      change: (s) => s.edit(`${SVC}/service.json`, (j) => (j.forms[0].success = '/petition')),
      want: `schemas/services/petition/service.json#/forms/0/success: is the form's own route; show the success on the form's page instead: { "show": "instead", "blocks": [...] }`,
    },
    {
      given: 'payment after a cancellation period the service does not grant',
      change: (s) => s.edit(`${SVC}/service.json`, (j) => (j.payment = 'after-cancellation')),
      want: 'schemas/services/petition/service.json#/payment: "after-cancellation" needs a cancellation right (agreements.cancellation)',
    },
    {
      given: 'a staff list under the console\'s own /admin routes',
      change: (s) => s.edit(`${SVC}/service.json`, (j) => (j.admin.route = '/admin/petitions')),
      want: 'schemas/services/petition/service.json#: route /admin/petitions is reserved for the renderer\'s own screens (/admin, /staff, /application, /resume)',
    },
    {
      given: 'a staff list alias another route already uses',
      change: (s) => s.edit(`${SVC}/service.json`, (j) => (j.admin.aliases = ['/creditapps'])),
      want: 'schemas/services/petition/service.json#: route /creditapps is already used by schemas/services/creditrepair/service.json',
    },
    {
      given: 'an e-mail template that reads a form field by name (it could leak an SSN)',
      change: (s) => writeFileSync(join(s.schemasDir, 'mail/confirmation/en.txt.hbs'), 'Dear {{name}}, your SSN {{ssn}} is safe.'),
      want: 'schemas/mail/confirmation/en.txt.hbs#: unknown variable "ssn": ',
    },
    {
      given: "an e-mail template that puts an applicant's text in unescaped (it would become HTML in the e-mail)",
      change: (s) => writeFileSync(join(s.schemasDir, 'mail/staff-notice/en.html.hbs'), '<p>From {{{name}}}</p>'),
      want: 'schemas/mail/staff-notice/en.html.hbs#: "name" is put in unescaped ({{{…}}} or {{&…}}): write {{name}}, so what an applicant typed cannot become HTML in the e-mail',
    },
    {
      given: 'the staff digest putting in unescaped anything but a notice\'s own HTML',
      change: (s) => writeFileSync(join(s.schemasDir, 'mail/staff-digest/ru.html.hbs'), '{{#each notices}}{{{subject}}}{{{html}}}{{/each}}'),
      want: 'schemas/mail/staff-digest/ru.html.hbs#: "subject" is put in unescaped ({{{…}}} or {{&…}}): write {{subject}}, so what an applicant typed cannot become HTML in the e-mail',
    },
    {
      given: "the staff digest reading a submission's variable (its context is the notices)",
      change: (s) => writeFileSync(join(s.schemasDir, 'mail/staff-digest/uz.txt.hbs'), '{{count}} {{name}}'),
      want: 'schemas/mail/staff-digest/uz.txt.hbs#: unknown variable "name": the staff digest may use count, notices, company (notices: subject, html, text; company: name, address, phone, phoneDigits, email, ein, stateId)',
    },
    {
      given: 'an e-mail template that does not compile',
      change: (s) => writeFileSync(join(s.schemasDir, 'mail/confirmation/ru.html.hbs'), '<p>{{#if name}}Hello</p>'),
      want: 'schemas/mail/confirmation/ru.html.hbs#: not a valid handlebars template: ',
    },
    {
      given: 'a service sending a template that does not exist',
      change: (s) => s.edit(`${SVC}/service.json`, (j) => (j.mail = { applicant: { template: 'welcome', to: 'email' } })),
      want: "schemas/services/petition/service.json#/mail/applicant/template: no template schemas/mail/welcome/ or mail/welcome/ in the service's folder",
    },
    {
      given: 'an applicant e-mail addressed to a field that is not an e-mail address',
      change: (s) => s.edit(`${SVC}/service.json`, (j) => (j.mail = { applicant: { template: 'confirmation', to: 'fullName' } })),
      want: 'schemas/services/petition/service.json#/mail/applicant/to: "fullName" is not an e-mail field (format: email) of the form',
    },
    {
      given: "a field named like the workflow's status column (the migration would turn that column into the field)",
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.status = { type: 'string', maxLength: 20, 'x-category': 'D' })),
      want: 'schemas/services/petition/form.schema.json#/properties/status: "status" is a column the server keeps beside the form\'s fields; name the field otherwise',
    },
    {
      given: 'a field named like the proof-of-work column',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.proof = { type: 'string', maxLength: 20, 'x-category': 'D' })),
      want: 'schemas/services/petition/form.schema.json#/properties/proof: "proof" is a column the server keeps beside the form\'s fields; name the field otherwise',
    },
    {
      given: "a field named like a sensitive field's sealed copy",
      change: (s) =>
        s.edit(`${SVC}/form.schema.json`, (j) => {
          j.properties.ssn = { $ref: '../../common/fields.json#/definitions/ssn' };
          j.properties.ssnSealed = { type: 'string', maxLength: 20, 'x-category': 'D' };
        }),
      want: 'schemas/services/petition/form.schema.json#/properties/ssnSealed: "ssnSealed" is a column the server keeps beside the form\'s fields; name the field otherwise',
    },
    {
      given: 'a translation that renames an argument (the page would show a raw placeholder)',
      change: (s) => {
        s.edit(`${SVC}/i18n/en.json`, (j) => (j.received = 'Your petition {reference} is filed'));
        s.edit(`${SVC}/i18n/uz.json`, (j) => (j.received = 'Arizangiz {referens} qabul qilindi'));
        s.edit(`${SVC}/i18n/ru.json`, (j) => (j.received = 'Ваша петиция {reference} принята'));
      },
      want: 'schemas/services/petition/i18n/uz.json#/received: "received" must use the arguments of the English text; it lacks {reference}; English has no {referens}',
    },
    {
      given: 'a translation that is not a valid ICU message',
      change: (s) => s.edit(`${SVC}/i18n/ru.json`, (j) => (j.received = 'Ваша петиция {reference принята')),
      want: 'schemas/services/petition/i18n/ru.json#/received: "received" is not a valid ICU message: ',
    },
    {
      given: 'a field taking several files typed as one (tests/unit/generator/groups-files.test.ts has the rest)',
      change: (s) => s.edit(`${SVC}/form.schema.json`, (j) => (j.properties.attachment = { ...j.properties.attachment, 'x-file': { accept: ['application/pdf'], maxSize: 1000000, maxFiles: 3 } })),
      want: 'schemas/services/petition/form.schema.json#/properties/attachment/type: x-file.maxFiles is 3: a field of several files is written "type": "array", "items": {"type": "string"}',
    },
    {
      given: 'a broken JSON file',
      change: (s) => writeFileSync(join(s.schemasDir, SVC, 'admin.ui.json'), '{ "title": '),
      want: 'schemas/services/petition/admin.ui.json#: not valid JSON: ',
    },
  ])('reports $given', async ({ change, want }) => {
    const problems = (await problemsAfter(change)).map((p) => p.replace(/^.*?schemas\//, 'schemas/'));
    // Prefix match: the tail of a JSON parse error is Node's wording, not ours.
    expect(problems.some((p) => p === want || (want.endsWith(': ') && p.startsWith(want)))).toBe(true);
  });

  // Issue 29.10: the site's e-mails must not carry a stranger's text or links from the company's address.
  const LINK_REFUSED = `is put into a link: a link's address may only be the company's own (statusUrl, resumeUrl, checkoutUrl, listUrl, resetUrl, company.phoneDigits, company.email), so an e-mail never links to an address a visitor typed`;
  it.each<[string, (s: SchemasCopy) => void, string]>([
    [
      "29.10 an applicant's e-mail that greets by name (text the visitor typed, sent to an address they chose)",
      (s) => writeFileSync(join(s.schemasDir, 'mail/confirmation/uz.html.hbs'), '<p>Hurmatli {{name}},</p><p>{{service}}</p>'),
      'schemas/mail/confirmation/uz.html.hbs#: "name" is text the visitor typed, and this e-mail goes to an address they chose: only staff templates (staff-notice, staff-digest, staff-cancellation, staff-password-reset) may show it (greet without a name)',
    ],
    [
      "29.10 an e-mail template that links to a value that is not the company's own link",
      (s) => writeFileSync(join(s.schemasDir, 'mail/staff-notice/en.html.hbs'), '{{#each fields}}<a href="{{value}}">{{label}}</a>{{/each}}'),
      `schemas/mail/staff-notice/en.html.hbs#: "value" ${LINK_REFUSED}`,
    ],
    [
      '29.10 a plain-text e-mail that begins a URL with a value',
      (s) => writeFileSync(join(s.schemasDir, 'mail/acknowledgement/ru.txt.hbs'), 'https://{{service}}.example/ {{reference}}'),
      `schemas/mail/acknowledgement/ru.txt.hbs#: "service" ${LINK_REFUSED}`,
    ],
  ])('%s: refused', async (_given, change, want) => {
    const problems = (await problemsAfter(change)).map((p) => p.replace(/^.*?schemas\//, 'schemas/'));
    expect(problems).toContain(want);
  });

  it('reports every typo of a file, not the first (three typos, three problems), and a block typo once', async () => {
    const typos = await problemsAfter((s) =>
      s.edit(`${SVC}/admin.ui.json`, (j) => {
        j.fields[0].dispaly = 'text';
        j.fields[1].lable = 'x';
        j.serach = ['fullName'];
      }),
    );
    const admin = typos.map((p) => p.replace(/^.*?schemas\//, 'schemas/')).filter((p) => p.includes('admin.ui.json'));
    expect(admin.sort()).toEqual(
      [
        'schemas/services/petition/admin.ui.json#/serach: not supported here: serach (supported: title, deleted, fields, columns)',
        'schemas/services/petition/admin.ui.json#/fields/0/dispaly: not supported here: dispaly (did you mean display? supported: name, display, tail, copy, label)',
        'schemas/services/petition/admin.ui.json#/fields/1/lable: not supported here: lable (did you mean label? supported: name, display, tail, copy, label)',
      ].sort(),
    );
    // A block is one of several shapes: the keys the other shapes lack are not reported as typos.
    const block = await problemsAfter((s) => s.edit(`${SVC}/form.ui.json`, (j) => (j['ui:blocks']['before:terms'][0].amout = 'fee')));
    expect(block.filter((p) => p.includes('not supported here')).map((p) => p.replace(/^.*?#/, '#').replace(/ \(.*$/, ''))).toEqual(['#/ui:blocks/before:terms/0/amout: not supported here: amout']);
  });
});
