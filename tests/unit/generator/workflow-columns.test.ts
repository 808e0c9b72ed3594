/**
 * Issue 33, contracts 1–3: each service's status workflow (service.json "workflow", else site.json's
 * statuses and transitions) and its staff list's columns (admin.ui.json "columns") as the generator checks,
 * models and emits them for the browser (registry) and the server (services.js), and the columns and
 * collections the database gets for them (assignee, indexes of sortable columns, the notes collection,
 * the staff member's language, the audit log's new actions).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../generator/errors.ts';
import { recordedCollections } from '../../../generator/emit/migrations.ts';
import { adminCard, resolveAdminLabels } from '../../../generator/emit/registry.ts';
import { registry } from '../../../src/generated/registry.ts';
import { ROOT } from '../../support/pocketbase.ts';
import { copySchemas, generateCopy, type SchemasCopy } from '../../support/schemas-copy.ts';

const SERVICE = 'services/petition/service.json';
const ADMIN = 'services/petition/admin.ui.json';

async function run(change: (s: SchemasCopy) => void = () => {}) {
  const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
  change(copy);
  const { problems, result } = await generateCopy(copy);
  return { problems: problems.map(formatProblem).map((p) => p.replace(/^.*?schemas\//, 'schemas/')), result };
}

/** pb_hooks/generated/services.js as PocketBase loads it. */
function serverTable(source: string) {
  const module = { exports: {} as Record<string, any> };
  new Function('module', 'require', source)(module, () => ({}));
  return module.exports;
}

const workflow = (w: unknown) => (s: SchemasCopy) => s.edit(SERVICE, (j) => (j.workflow = w));
const TICKETS = { statuses: ['open', 'pending', 'solved'], transitions: { open: ['pending', 'solved'], pending: ['open', 'solved'], solved: ['open'] } };

describe('workflows (service.json workflow)', () => {
  it('give the ticket and contact services their own statuses, to the browser and the server alike', () => {
    const ticket = registry.services.find((s) => s.id === 'ticket')!;
    expect(ticket.workflow).toMatchObject({ statuses: ['open', 'pending', 'solved'], initial: 'open', transitions: { open: ['pending', 'solved'], solved: ['open'] }, final: [], startsService: [] });
    expect(ticket.workflow.cancelled).toBeUndefined();
    const contact = registry.services.find((s) => s.id === 'contact')!;
    expect(contact.workflow).toMatchObject({ statuses: ['new', 'answered'], initial: 'new', transitions: { new: ['answered'], answered: ['new'] } });
    // A colour of the workflow's own, else the site's for a status of that name.
    expect(contact.workflow.colors).toEqual({ new: 'blue.9', answered: 'teal.9' });
    // Without a workflow: the site's statuses and moves, with what each means.
    const credit = registry.services.find((s) => s.id === 'creditrepair')!;
    expect(credit.workflow).toMatchObject({ initial: 'new', cancelled: 'cancelled', final: ['cancelled'], performed: 'done', startsService: ['review', 'approved', 'done'] });
    expect(credit.workflow.transitions.new).toEqual(['review', 'rejected']);
    const server = serverTable(readFileSync(join(ROOT, 'pb_hooks/generated/services.js'), 'utf8'));
    for (const s of registry.services) expect(server.services[s.collection].workflow).toEqual(s.workflow);
    expect(server.noteCollection).toBe(registry.noteCollection);
  });

  it('makes the status column hold the service’s statuses, the old ones rewritten (not kept)', async () => {
    const { problems, result } = await run(workflow({ ...TICKETS, from: { new: 'open', done: 'solved' } }));
    expect(problems).toEqual([]);
    const petitions = result!.reconciled.collections.find((c) => c.name === 'petitions')!;
    expect(petitions.fields.find((f) => f.name === 'status')?.values).toEqual(['open', 'pending', 'solved']);
    // A new collection: nothing stored to rewrite.
    expect(result!.reconciled.rewrites.size).toBe(0);
  });

  it.each<{ given: string; change: (s: SchemasCopy) => void; want: string[] }>([
    {
      given: 'a move from or to a status the workflow does not have',
      change: workflow({ statuses: ['open', 'solved'], transitions: { open: ['solved', 'closed'], shut: ['open'], solved: ['open'] } }),
      want: [
        'schemas/services/petition/service.json#/workflow/transitions/open/1: "closed" is not one of the statuses (open, solved)',
        'schemas/services/petition/service.json#/workflow/transitions/shut: "shut" is not one of the statuses (open, solved)',
      ],
    },
    {
      given: 'a status no move leads to, and a move to itself',
      change: workflow({ statuses: ['open', 'pending', 'solved'], transitions: { open: ['solved', 'open'], solved: ['open'] } }),
      want: [
        'schemas/services/petition/service.json#/workflow/statuses/1: no move leads to "pending": name it in the "transitions" of a status staff move from, or leave it out',
        'schemas/services/petition/service.json#/workflow/transitions/open/1: a move from "open" to itself changes nothing; leave it out',
      ],
    },
    {
      given: "a move to the applicant's cancellation, and a final first status that staff would move on from",
      change: workflow({ statuses: ['cancelled', 'new'], transitions: { cancelled: ['new'], new: ['cancelled'] } }),
      want: [
        'schemas/services/petition/service.json#/workflow/statuses/0: the first status "cancelled" is every new submission\'s: it cannot be final',
        'schemas/services/petition/service.json#/workflow/transitions/cancelled: "cancelled" is final (site.json statusMeanings.final): an application never leaves it; give it no moves',
        'schemas/services/petition/service.json#/workflow/transitions/new/0: "cancelled" is the applicant\'s own cancellation (from their status page): no move of staff\'s leads to it',
      ],
    },
    {
      given: 'a first status that starts the service',
      change: workflow({ statuses: ['review', 'new'], transitions: { review: ['new'], new: ['review'] } }),
      want: ['schemas/services/petition/service.json#/workflow/statuses/0: the first status "review" is every new submission\'s: it cannot be one that starts the service'],
    },
    {
      given: '"from" naming a status the service has, or leading to one it does not',
      change: workflow({ ...TICKETS, from: { open: 'solved', new: 'closed' } }),
      want: [
        'schemas/services/petition/service.json#/workflow/from/new: "closed" is not one of the service\'s statuses (open, pending, solved)',
        'schemas/services/petition/service.json#/workflow/from/open: "open" is one of the service\'s statuses: records holding it keep it; leave it out of "from"',
      ],
    },
    {
      given: 'a colour for a status the workflow does not have',
      change: workflow({ ...TICKETS, colors: { closed: 'red.9' } }),
      want: ['schemas/services/petition/service.json#/workflow/colors/closed: "closed" is not one of the service\'s statuses (open, pending, solved)'],
    },
    {
      given: 'a status without its text',
      change: workflow({ statuses: ['open', 'escalated'], transitions: { open: ['escalated'], escalated: ['open'] } }),
      want: ['schemas/services/petition/service.json#/workflow/statuses/1: no English text for message "status.escalated" (common/i18n)'],
    },
    {
      given: "a status e-mail for a status of the site's that the service's workflow does not have",
      change: (s) => {
        workflow(TICKETS)(s);
        s.edit(SERVICE, (j) => (j.mail = { applicant: { template: 'confirmation', to: 'email' }, status: { template: 'status-change', notify: ['solved', 'approved', 'open'] } }));
      },
      want: [
        'schemas/services/petition/service.json#/mail/status/notify/1: "approved" is not one of the statuses (open, pending, solved)',
        'schemas/services/petition/service.json#/mail/status/notify/2: "open" is the first status, every new submission\'s: no change leads to it (the confirmation e-mail says it was received)',
      ],
    },
    {
      given: "a site default move that leads nowhere it has",
      change: (s) => s.edit('site.json', (j) => (j.transitions.done = ['archived'])),
      want: ['schemas/site.json#/transitions/done/0: "archived" is not one of the statuses (new, review, approved, rejected, done, cancelled)'],
    },
  ])('refuses $given', async ({ change, want }) => {
    const { problems } = await run(change);
    expect(problems.sort()).toEqual([...want].sort());
  });
});

describe('list columns (admin.ui.json columns)', () => {
  it('default to reference, name, submitted, status, assignee and payment, each server column sortable', () => {
    const credit = registry.services.find((s) => s.id === 'creditrepair')!;
    expect(credit.admin.columns.map((c) => [c.name, c.kind, c.label, c.sort])).toEqual([
      ['reference', 'reference', 'staff.column.reference', 'reference'],
      ['name', 'name', 'staff.column.name', undefined],
      ['created', 'created', 'staff.column.created', 'created'],
      ['status', 'status', 'staff.column.status', 'status'],
      ['assignee', 'assignee', 'staff.column.assignee', 'assignee'],
      ['paid', 'paid', 'staff.column.paid', 'paymentStatus'],
    ]);
    expect(credit.admin.columns[1]?.fields).toEqual(['firstName', 'lastName']);
    // A service without payments has no payment column.
    const ticket = registry.services.find((s) => s.id === 'ticket')!;
    expect(ticket.payments).toBe(false);
    expect(ticket.admin.columns.map((c) => c.kind)).toEqual(['reference', 'name', 'created', 'status', 'assignee']);
  });

  it('take the card fields named, with their label and display, and index those declared sortable', async () => {
    const { problems, result } = await run((s) => {
      s.edit(SERVICE, (j) => (j.mail = { name: ['fullName'] }));
      s.edit(ADMIN, (j) => (j.columns = [{ name: 'reference' }, { name: 'name', sortable: true }, { name: 'topic', sortable: true }, { name: 'email' }, { name: 'variant', sortable: true }, { name: 'status' }]));
    });
    expect(problems).toEqual([]);
    const model = result!.model;
    const { columns } = resolveAdminLabels(adminCard(model.services[0]!), model);
    expect(columns.map((c) => [c.name, c.kind, c.sort])).toEqual([
      ['reference', 'reference', 'reference'],
      ['name', 'name', 'fullName'],
      ['topic', 'field', 'topic'],
      ['email', 'field', undefined],
      ['variant', 'variant', 'variant'],
      ['status', 'status', 'status'],
    ]);
    // A field column reads as the card shows the field: its label, its options' texts.
    const topic = columns.find((c) => c.name === 'topic')!;
    expect(topic.label).toBe(topic.field?.label);
    expect(topic.label).toMatch(/fields\.topic\.label$/);
    expect(topic.field?.options).toBe('service.petition.fields.topic.options');
    const petitions = result!.reconciled.collections.find((c) => c.name === 'petitions')!;
    expect(petitions.indexes).toEqual(
      expect.arrayContaining([
        'CREATE INDEX `idx_petitions_assignee` ON `petitions` (`assignee`, `created`)',
        'CREATE INDEX `idx_petitions_fullName` ON `petitions` (`fullName`, `created`)',
        'CREATE INDEX `idx_petitions_topic` ON `petitions` (`topic`, `created`)',
        'CREATE INDEX `idx_petitions_variant` ON `petitions` (`variant`, `created`)',
      ]),
    );
    expect(petitions.indexes.some((i) => i.includes('`email`'))).toBe(false);
  });

  it.each<{ given: string; columns: unknown[]; want: string[] }>([
    {
      given: 'a name that is neither built in nor on the card, a repeated one, and a payment column without payments',
      columns: [{ name: 'reference' }, { name: 'reference' }, { name: 'district' }, { name: 'paid' }],
      want: [
        'schemas/services/petition/admin.ui.json#/columns/1/name: "reference" is already a column of the list',
        'schemas/services/petition/admin.ui.json#/columns/2/name: "district" is neither a built-in column (reference, name, created, status, assignee, paid, variant) nor a field of the card ("fields" above)',
        'schemas/services/petition/admin.ui.json#/columns/3/name: this service takes no payment (no checkout link): there is no payment state to show',
      ],
    },
    {
      given: 'a name column without mail.name, and a file sorted',
      columns: [{ name: 'name' }, { name: 'attachment', sortable: true }],
      want: [
        'schemas/services/petition/admin.ui.json#/columns/0/name: the name column joins the fields of service.json mail.name, which this service does not declare',
        'schemas/services/petition/admin.ui.json#/columns/1/sortable: "attachment" is a file: it does not sort',
      ],
    },
  ])('refuses $given', async ({ columns, want }) => {
    const { problems } = await run((s) => s.edit(ADMIN, (j) => (j.columns = columns)));
    expect(problems.sort()).toEqual([...want].sort());
  });
});

describe('collections for the work queue', () => {
  it('give every application an assignee, staff a language, the audit log the work actions, and notes a collection of their own', async () => {
    const { result } = await run();
    const byName = new Map(result!.reconciled.collections.map((c) => [c.name, c]));
    const assignee = byName.get('petitions')!.fields.find((f) => f.name === 'assignee');
    expect(assignee).toMatchObject({ type: 'text', required: false, max: 15, pattern: '^[a-z0-9]{15}$|^$' });
    expect(byName.get('staff')!.fields.find((f) => f.name === 'language')).toMatchObject({ type: 'select', required: false, values: ['en', 'uz', 'ru'] });
    expect(byName.get('auditlog')!.fields.find((f) => f.name === 'action')?.values).toEqual(expect.arrayContaining(['reveal', 'delete', 'note', 'reply', 'assign', 'status', 'print']));
    const notes = byName.get('staffnotes')!;
    expect(notes).toMatchObject({ listRule: '@request.auth.collectionName = "staff"', viewRule: '@request.auth.collectionName = "staff"', createRule: null, updateRule: null, deleteRule: null });
    expect(notes.fields.map((f) => f.name)).toEqual(['sourceCollection', 'record', 'kind', 'author', 'authorEmail', 'body', 'template', 'mail', 'created', 'updated']);
    expect(notes.fields.find((f) => f.name === 'kind')?.values).toEqual(['note', 'reply']);
    expect(notes.fields.find((f) => f.name === 'body')?.max).toBe(5000);
    expect(notes.indexes).toEqual(['CREATE INDEX `idx_staffnotes_record` ON `staffnotes` (`sourceCollection`, `record`, `created`)']);
    // A service with payments: its list sorts and filters by the payment state through an index.
    const credit = recordedCollections(join(ROOT, 'pb_migrations')).collections.find((c) => c.name === 'creditrepairnew')!;
    expect(credit.indexes).toContain('CREATE INDEX `idx_creditrepairnew_paymentStatus` ON `creditrepairnew` (`paymentStatus`, `created`)');
  });
});
