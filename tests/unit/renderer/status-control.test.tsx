/**
 * The status control offers only the moves the service's workflow allows now, and says why the others
 * are not offered: the applicant's cancellation window (with its last day in the site's long date and the
 * applicant's time zone), a final status, the applicant's own cancellation, statuses not reached from
 * here. Viewers see the status and no control.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { SiteProviders } from '../../../src/app/SiteProviders.tsx';
import type { ServiceEntry } from '../../../src/engine/types.ts';
import { StatusControl } from '../../../src/features/staff/StatusControl.tsx';
import { localDay, statusChoices } from '../../../src/features/staff/statusChoices.ts';
import en from '../../../src/generated/messages/en.json';
import ru from '../../../src/generated/messages/ru.json';
import { registry } from '../../../src/generated/registry.ts';

const service = (id: string): ServiceEntry => registry.services.find((s) => s.id === id)!;
const credit = service('creditrepair');
const ticket = service('ticket');
const contact = service('contact');

/** Midnight in Chicago that ends December 2, 2026 (CST, UTC−6), as the server stores a cancellation deadline. */
const DEADLINE = '2026-12-03 06:00:00.000Z';
const BEFORE = Date.parse('2026-11-30T15:00:00Z');
const AFTER = Date.parse('2026-12-03T06:00:00Z');
const signed = { id: 'abcdefghijklmno', status: 'new', cancelDeadline: DEADLINE, timeZone: 'America/Chicago' };

describe('statusChoices', () => {
  it('holds back the moves that start the service while the applicant may cancel, with the last day and zone', () => {
    expect(statusChoices(credit.workflow, signed, BEFORE)).toEqual({
      current: 'new',
      offered: ['rejected'],
      reasons: [
        { kind: 'window', statuses: ['review'], day: '2026-12-02', timeZone: 'America/Chicago' },
        { kind: 'applicantOnly', status: 'cancelled' },
        { kind: 'notFrom', status: 'new', statuses: ['approved', 'done'] },
      ],
    });
  });

  it('offers them once the window has closed (from the deadline on)', () => {
    const choices = statusChoices(credit.workflow, signed, AFTER);
    expect(choices.offered).toEqual(['review', 'rejected']);
    expect(choices.reasons.map((r) => r.kind)).toEqual(['applicantOnly', 'notFrom']);
    // A service without agreements has no window at all.
    expect(statusChoices(credit.workflow, { status: 'review' }, BEFORE).offered).toEqual(['approved', 'rejected', 'new']);
  });

  it('offers nothing from a final status, and says when no move leads on', () => {
    expect(statusChoices(credit.workflow, { ...signed, status: 'cancelled' }, BEFORE)).toEqual({ current: 'cancelled', offered: [], reasons: [{ kind: 'final', status: 'cancelled' }] });
    expect(statusChoices(credit.workflow, { status: 'done' }, AFTER)).toEqual({
      current: 'done',
      offered: [],
      reasons: [
        { kind: 'noMoves', status: 'done' },
        { kind: 'applicantOnly', status: 'cancelled' },
      ],
    });
  });

  it("follows a ticket's and a contact message's own workflows", () => {
    // A record stored without a status counts as in the first one.
    expect(statusChoices(ticket.workflow, { status: '' }, BEFORE)).toEqual({ current: 'open', offered: ['pending', 'solved'], reasons: [] });
    expect(statusChoices(ticket.workflow, { status: 'solved' }, BEFORE)).toEqual({ current: 'solved', offered: ['open'], reasons: [{ kind: 'notFrom', status: 'solved', statuses: ['pending'] }] });
    expect(statusChoices(contact.workflow, { status: 'answered' }, BEFORE)).toEqual({ current: 'answered', offered: ['new'], reasons: [] });
  });

  it('tells the last local day in the applicant’s zone, not the reader’s', () => {
    expect(localDay(Date.parse(DEADLINE) - 1, 'America/Chicago')).toBe('2026-12-02');
    expect(localDay(Date.parse(DEADLINE) - 1, 'Asia/Tashkent')).toBe('2026-12-03');
  });
});

const render = (node: React.ReactNode, locale: 'en' | 'ru' = 'en') =>
  renderToStaticMarkup(
    <SiteProviders>
      <IntlProvider locale={locale} messages={locale === 'en' ? en : ru} onError={(e) => expect.unreachable(e.message)}>
        {node}
      </IntlProvider>
    </SiteProviders>,
  );

/** The option values of the rendered select. */
const options = (html: string) => [...html.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);

describe('StatusControl', () => {
  it('offers an admin the allowed moves and explains the others, in words', () => {
    const html = render(<StatusControl service={credit} record={signed} canChange onChanged={() => {}} now={BEFORE} history={[]} />);
    expect(html).toContain('data-status="new"');
    expect(options(html)).toEqual(['', 'rejected']);
    expect(html).toContain('The applicant can cancel until December 2, 2026, 23:59 (America/Chicago time): In review cannot be set before then.');
    expect(html).toContain('Cancelled by the applicant: only the applicant can set it, from their status page.');
    expect(html).toContain('Not possible from New: Approved and Done.');
  });

  it('says so in the staff member’s language', () => {
    const html = render(<StatusControl service={credit} record={signed} canChange onChanged={() => {}} now={BEFORE} history={[]} />, 'ru');
    expect(html).toContain('Заявитель может отменить договор до 2 декабря 2026 г., 23:59 (время America/Chicago): до этого статус На рассмотрении поставить нельзя.');
  });

  it('shows a final status without a control, and a viewer no control at all', () => {
    const final = render(<StatusControl service={credit} record={{ ...signed, status: 'cancelled' }} canChange onChanged={() => {}} now={BEFORE} history={[]} />);
    expect(options(final)).toEqual([]);
    expect(final).toContain('Cancelled by the applicant is final: the application stays in it.');
    const viewer = render(<StatusControl service={ticket} record={{ id: 'abcdefghijklmno', status: 'pending' }} canChange={false} onChanged={() => {}} now={BEFORE} />);
    expect(viewer).toContain('Pending');
    expect(viewer).not.toContain('<select');
    expect(viewer).not.toContain('data-testid="status-reasons"');
  });

  it('lists the history the page gives it', () => {
    const history = [{ id: 'h1', from: 'open', to: 'solved', byEmail: 'admin@example.test', note: 'Replied by phone', created: '2026-11-30 15:00:00.000Z' }];
    const html = render(<StatusControl service={ticket} record={{ id: 'abcdefghijklmno', status: 'solved' }} canChange onChanged={() => {}} now={BEFORE} history={history} />);
    expect(options(html)).toEqual(['', 'open']);
    expect(html).toContain('Open → Solved by admin@example.test');
    expect(html).toContain('Replied by phone');
    // Given by the page: no button to load it again.
    expect(html).not.toContain('aria-expanded');
  });
});
