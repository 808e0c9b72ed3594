/**
 * service.json mail.status (issue 32, contract C2): the statuses whose change staff make is e-mailed to the
 * applicant, and the template. The generator refuses a status the site does not have, the first status
 * (nobody changes to it), the cancelled one (the applicant's cancellation has its own e-mails), a missing
 * template, and a status e-mail with no applicant address; and it hands the server the resolved template,
 * each status's name per language and, for a service with a right to cancel, the cancellation templates.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../generator/errors.ts';
import { ROOT } from '../../support/pocketbase.ts';
import { copySchemas, generateCopy, type SchemasCopy } from '../../support/schemas-copy.ts';

const SERVICE = 'services/petition/service.json';
const APPLICANT = { template: 'confirmation', to: 'email' };

async function run(change: (s: SchemasCopy) => void) {
  const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
  change(copy);
  const { problems, result } = await generateCopy(copy);
  return { problems: problems.map(formatProblem).map((p) => p.replace(/^.*?schemas\//, 'schemas/')), files: result?.files ?? new Map<string, string>() };
}

/** pb_hooks/generated/mail.js as PocketBase loads it (CommonJS; handlebars' runtime is bundled in). */
function mailTable(files: Map<string, string>) {
  const module = { exports: {} as Record<string, any> };
  new Function('module', 'require', files.get('pb_hooks/generated/mail.js') ?? '')(module, () => ({}));
  return module.exports;
}

const withStatus = (status: unknown, applicant: unknown = APPLICANT) => (s: SchemasCopy) =>
  s.edit(SERVICE, (j) => (j.mail = { ...(applicant ? { applicant } : {}), staff: true, status }));

describe('status e-mails (service.json mail.status)', () => {
  it('gives the server the template, the statuses it notifies and their names in every language', async () => {
    const { problems, files } = await run(withStatus({ template: 'status-change', notify: ['review', 'approved'] }));
    expect(problems).toEqual([]);
    const table = mailTable(files);
    expect(table.services.petitions.mail.status).toEqual({ template: 'status-change', notify: ['review', 'approved'] });
    expect(table.statusNames.en.review).toBe('In review');
    for (const l of ['uz', 'ru']) expect(table.statusNames[l].review).not.toBe(table.statusNames.en.review);
    // The template is a real one, in all three languages, reading the status's name.
    expect(Object.keys(table.templates['status-change'])).toEqual(['en', 'uz', 'ru']);
    expect(table.reads['status-change']).toEqual(expect.arrayContaining(['status', 'changedAt', 'reference', 'service']));
  });

  it('names the cancellation templates of a service whose applicants may cancel (the generated output, kept current by generate:check)', () => {
    const table = mailTable(new Map([['pb_hooks/generated/mail.js', readFileSync(join(ROOT, 'pb_hooks/generated/mail.js'), 'utf8')]]));
    expect(table.services.creditrepairnew.mail.cancellation).toEqual({ applicant: 'cancellation', staff: 'staff-cancellation' });
    expect(table.services.loans.mail.cancellation).toBeUndefined(); // no right to cancel
  });

  it.each<{ given: string; change: (s: SchemasCopy) => void; want: string }>([
    {
      given: 'a status the site does not have',
      change: withStatus({ template: 'status-change', notify: ['review', 'shipped'] }),
      want: 'schemas/services/petition/service.json#/mail/status/notify/1: "shipped" is not one of the statuses (new, review, approved, rejected, done, cancelled)',
    },
    {
      given: 'the first status, which no change leads to',
      change: withStatus({ template: 'status-change', notify: ['new'] }),
      want: 'schemas/services/petition/service.json#/mail/status/notify/0: "new" is the first status, every new submission\'s: no change leads to it (the confirmation e-mail says it was received)',
    },
    {
      given: "the applicant's own cancellation",
      change: withStatus({ template: 'status-change', notify: ['approved', 'cancelled'] }),
      want: 'schemas/services/petition/service.json#/mail/status/notify/1: "cancelled" is the applicant\'s own cancellation, which sends its own e-mails (templates cancellation and staff-cancellation)',
    },
    {
      given: 'a template that does not exist',
      change: withStatus({ template: 'status-update', notify: ['review'] }),
      want: "schemas/services/petition/service.json#/mail/status/template: no template schemas/mail/status-update/ or mail/status-update/ in the service's folder",
    },
    {
      given: 'a status e-mail without an applicant address',
      change: withStatus({ template: 'status-change', notify: ['review'] }, null),
      want: "schemas/services/petition/service.json#/mail/status: status e-mails go to the applicant's address: declare mail.applicant (its template and e-mail field) too",
    },
    {
      given: 'a misspelt key (the meta schema)',
      change: withStatus({ template: 'status-change', notfy: ['review'] }),
      want: 'schemas/services/petition/service.json#/mail/status',
    },
    {
      given: 'a status template that shows the name the visitor typed',
      change: (s) => {
        withStatus({ template: 'status-change', notify: ['review'] })(s);
        s.edit('mail/status-change/subject.json', (j) => (j.en = '{{name}}: {{status}}'));
      },
      want: 'schemas/mail/status-change/subject.json#/en: "name" is text the visitor typed, and this e-mail goes to an address they chose',
    },
  ])('refuses $given', async ({ change, want }) => {
    const { problems } = await run(change);
    expect(problems.some((p) => p.startsWith(want)), problems.join('\n')).toBe(true);
  });
});
