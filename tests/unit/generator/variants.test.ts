/**
 * What the generator makes of the engine's per-variant features, on the real schemas: a variant that
 * swaps a field's schema (the Amazon Flex landing keeps its employment duration in claim's `amount`),
 * a value taken from the route (/success/:amount), success shown on the form's own page, staff-list
 * aliases and the site shell.
 */
import { createRequire } from 'node:module';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../generator/pipeline.ts';
import { copySchemas } from '../../support/schemas-copy.ts';

type Validator = ((d: unknown) => boolean) & { errors?: { keyword: string; instancePath: string }[] };

describe('per-variant features of the real schemas', async () => {
  const copy = copySchemas();
  const { files, migrations } = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir, now: 1_800_000_000 });
  const file = join(mkdtempSync(join(tmpdir(), 'formwork-validators-')), 'validators.cjs');
  writeFileSync(file, files.get('pb_hooks/generated/validators.js') as string);
  const validators = createRequire(import.meta.url)(file) as Record<string, Validator>;
  const module = (name: string) => files.get(`src/generated/forms/${name}.ts`) as string;
  const driver = { firstName: 'Aziza', lastName: 'Karimova', email: 'a@example.com', phone: '+1 415 555 0100', stateId: 'id.png', terms: true };

  it('gives the Amazon Flex landing its own options for amount, and the driver claim keeps the companies', () => {
    expect(module('claim.flex')).toContain('"more than 5 years"');
    expect(module('claim.flex')).not.toContain('"Uber"');
    expect(module('claim.full')).toContain('"Uber"');
    expect(validators['claim/flex']?.({ ...driver, amount: '2 months' })).toBe(true);
    expect(validators['claim/flex']?.({ ...driver, amount: 'Uber' })).toBe(false);
    expect(validators['claim/full']?.({ ...driver, amount: '2 months', message: 'Drove 3 years' })).toBe(false);
  });

  it('lets each variant require its own fields (the landing does not insist on a message)', () => {
    expect(validators['claim/flex']?.({ ...driver, amount: '6 months' })).toBe(true);
    expect(validators['claim/full']?.({ ...driver, amount: 'Lyft' })).toBe(false);
  });

  it('makes the shared column accept every variant’s options and drops "required" where a variant may leave it empty', () => {
    const claim = migrations.find((m) => m.file.endsWith('_created_claim.js'))?.content ?? '';
    const amount = claim.slice(claim.indexOf('"name": "amount"'), claim.indexOf('"name": "amount"') + 600);
    expect(amount).toContain('"Uber"');
    expect(amount).toContain('"more than 5 years"');
    const message = claim.slice(claim.indexOf('"name": "message"'), claim.indexOf('"name": "message"') + 200);
    expect(message).toContain('"required": false');
  });

  it("types each variant's data by its own schema: the landing's amount options, its optional message, its files", () => {
    const types = (name: string) => files.get(`src/generated/forms/${name}.types.ts`) as string;
    expect(types('claim.flex')).toContain("\n  amount: '2 months' | '4 months'");
    expect(types('claim.flex')).not.toContain("'Uber'");
    expect(types('claim.flex')).toContain('\n  message?: string;');
    expect(types('claim.full')).toContain("\n  amount: 'Uber' | 'Lyft'");
    expect(types('claim.full')).toContain('\n  message: string;');
    expect(types('claim.flex')).toContain("export type ClaimFlexFiles = 'stateId';");
    expect(types('creditrepair.self-service')).toContain('export type CreditrepairSelfServiceFiles = never;');
  });

  it('takes the order amount from the route and checks it against the package list', () => {
    expect(module('order.full')).toContain('"routeParam": "amount"');
    expect(validators['order/full']?.({ amount: '995', email: 'a@example.com', message: 'A shop' })).toBe(true);
    expect(validators['order/full']?.({ amount: '1', email: 'a@example.com', message: 'A shop' })).toBe(false);
  });

  it('emits success shown on the form page, staff-list aliases and the site shell in the registry', () => {
    const registry = files.get('src/generated/registry.ts') as string;
    expect(registry).toContain('"show": "instead"');
    expect(registry).toContain('"/students"');
    expect(registry).toContain('"footer": [');
    expect(registry).toMatch(/"route": "\/success\/:amount"|route: "\/success\/:amount"/);
    // The staff card's own label for the claim's shared column, and how its values are shown.
    expect(registry).toContain('"label": "service.claim.admin.amount"');
    expect(registry).toContain('"options": "service.claim.fields.amount.options"');
    expect(registry).toMatch(/"name": "amount",\s+"label": "service.order.fields.amount.label",\s+"display": "usd"/);
  });
});

describe('e-mail settings of a service', () => {
  it("use the service's own template of a name before the shared one, and say which in the server table", async () => {
    const copy = copySchemas({ fixtures: ['petition'] });
    copy.edit('services/petition/service.json', (j) => (j.mail = { applicant: { template: 'confirmation', to: 'email' }, staff: true }));
    cpSync(join(copy.schemasDir, 'mail/confirmation'), join(copy.schemasDir, 'services/petition/mail/confirmation'), { recursive: true });
    writeFileSync(join(copy.schemasDir, 'services/petition/mail/confirmation/en.txt.hbs'), 'Hello, the council has your petition {{reference}}.');
    const { files } = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir, now: 1_800_000_000 });
    const file = join(mkdtempSync(join(tmpdir(), 'formwork-mail-')), 'mail.cjs');
    writeFileSync(file, files.get('pb_hooks/generated/mail.js') as string);
    const mail = createRequire(import.meta.url)(file) as {
      services: Record<string, { mail: { applicant: { template: string }; staffTemplate: string } }>;
      templates: Record<string, Record<string, { text: (c: object) => string }>>;
      agreementTemplates: string[];
    };
    expect(mail.services.petitions?.mail.applicant.template).toBe('petition/confirmation');
    // Only the signed copy shows the documents: only it has their texts looked up in the archive when sent.
    expect(mail.agreementTemplates).toEqual(['agreement']);
    expect(mail.services.petitions?.mail.staffTemplate).toBe('staff-notice');
    expect(mail.services.creditrepairnew?.mail.applicant.template).toBe('agreement') // credit repair's signed copy with the right to cancel;
    expect(mail.templates['petition/confirmation']?.en?.text({ reference: 'r1' })).toBe('Hello, the council has your petition r1.');
  });

  it('greet without a name, whether or not the service names one (issue 29.10: a name is what the visitor typed)', async () => {
    const copy = copySchemas();
    const { files } = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir, now: 1_800_000_000 });
    const file = join(mkdtempSync(join(tmpdir(), 'formwork-mail-')), 'mail.cjs');
    writeFileSync(file, files.get('pb_hooks/generated/mail.js') as string);
    const mail = createRequire(import.meta.url)(file) as {
      services: Record<string, { mail: { name: string[] } }>;
      templates: Record<string, Record<string, { text: (c: object) => string }>>;
    };
    expect(mail.services.orders?.mail.name).toEqual([]);
    expect(mail.services.aloqacorpcontacts?.mail.name).toEqual(['fname', 'lname']);
    const context = { name: '', service: 'Website order', reference: 'r1', submittedAt: 'now', company: {} };
    expect(mail.templates.acknowledgement?.en?.text(context)).toMatch(/^Hello,\n/);
    expect(mail.templates.acknowledgement?.ru?.text({ ...context, name: 'Dilnoza Yusupova' })).toMatch(/^Здравствуйте!\n/);
    expect(mail.templates.acknowledgement?.uz?.text({ ...context, name: 'Dilnoza Yusupova' })).toMatch(/^Assalomu alaykum,\n/);
  });
});
