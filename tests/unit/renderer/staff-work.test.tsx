/**
 * The staff work components (src/features/staff/work/) and the password pages: what viewers and admins
 * are shown, how the server's refusals become messages, and the checks made before anything is sent.
 */
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { pb } from '../../../src/config/pocketbase.ts';
import en from '../../../src/generated/messages/en.json';
import { registry } from '../../../src/generated/registry.ts';
import { forgotProblem } from '../../../src/features/staff/ForgotPassword.tsx';
import ResetPasswordPage, { passwordProblem, resetRefusal, tokenOf } from '../../../src/features/staff/ResetPasswordPage.tsx';
import { AssigneeControl } from '../../../src/features/staff/work/AssigneeControl.tsx';
import { NotesThread, withNote } from '../../../src/features/staff/work/NotesThread.tsx';
import { replyProblem, ReplyComposer } from '../../../src/features/staff/work/ReplyComposer.tsx';
import type { NoteEntry } from '../../../src/features/staff/work/workApi.ts';

const service = registry.services.find((s) => s.collection === 'creditrepairnew')!;
const render = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <IntlProvider locale="en" messages={en}>
        <MantineProvider>{node}</MantineProvider>
      </IntlProvider>
    </MemoryRouter>,
  );
const signInAs = (role: 'admin' | 'viewer') => pb.authStore.save('token', { id: 'me0000000000000', collectionName: 'staff', role, email: 'me@formwork.test' } as never);
/** A refusal as the PocketBase SDK throws it. */
const refused = (status: number, data: Record<string, { code: string }> = {}) => ({ status, response: { data } });

afterEach(() => pb.authStore.clear());

describe('the assignee', () => {
  const record = { id: 'rec000000000001', assignee: '' };

  it('is a name only for viewers: no control to change it', () => {
    signInAs('viewer');
    const html = render(<AssigneeControl service={service} record={record} onChanged={() => undefined} />);
    expect(html).toContain('data-testid="assignee"');
    expect(html).toContain('Unassigned');
    expect(html).not.toContain('<select');
    expect(html).not.toContain('Assign to me');
  });

  it('can be taken, given or cleared by an admin, each control labelled', () => {
    signInAs('admin');
    const html = render(<AssigneeControl service={service} record={{ ...record, assignee: 'someone00000001' }} onChanged={() => undefined} />);
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>Assign to<\/label>[\s\S]*<select[^>]*id="\1"/);
    expect(html).toContain('Assign to me');
    expect(html).toContain('Unassign');
    // An id the directory does not know (yet) is not shown as an id.
    expect(html).toContain('Former staff member');
  });
});

describe('notes and replies', () => {
  const note = (id: string, created: string): NoteEntry => ({ id, created, sourceCollection: 'c', record: 'r', kind: 'note', author: 'a', authorEmail: 'a@x', body: id });

  it('keep each entry once, in the order written', () => {
    const list = [note('a', '2026-01-01 10:00:00.000Z'), note('c', '2026-01-01 12:00:00.000Z')];
    expect(withNote(list, note('b', '2026-01-01 11:00:00.000Z')).map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(withNote(list, note('a', '2026-01-01 10:00:00.000Z'))).toBe(list);
  });

  it('say why a reply was refused, in the staff member’s terms', () => {
    expect(replyProblem(refused(429, { text: { code: 'rate_limited' } }))).toBe('staff.reply.rateLimited');
    expect(replyProblem(refused(429))).toBe('staff.reply.rateLimited');
    expect(replyProblem(refused(400, { to: { code: 'no_address' } }))).toBe('staff.reply.noAddress');
    expect(replyProblem(refused(400, { text: { code: 'required' } }))).toBe('staff.reply.required');
    expect(replyProblem(refused(400, { text: { code: 'max' } }))).toBe('staff.notes.tooLong');
    expect(replyProblem(refused(500))).toBe('staff.reply.failed');
    expect(replyProblem(new Error('offline'))).toBe('staff.reply.failed');
    for (const id of ['staff.reply.rateLimited', 'staff.reply.noAddress', 'staff.reply.required', 'staff.notes.tooLong', 'staff.reply.failed']) expect(en).toHaveProperty([id]);
  });

  it('offer no composer to viewers', () => {
    signInAs('viewer');
    expect(render(<ReplyComposer service={service} recordId="rec000000000001" />)).toBe(render(null));
    const thread = render(<NotesThread service={service} recordId="rec000000000001" />);
    expect(thread).toContain('data-testid="notes"');
    expect(thread).not.toContain('<textarea');
  });

  it('give admins a labelled note composer', () => {
    signInAs('admin');
    const thread = render(<NotesThread service={service} recordId="rec000000000001" />);
    expect(thread).toMatch(/<label[^>]*for="([^"]+)"[^>]*>New internal note<\/label>[\s\S]*<textarea[^>]*id="\1"/);
    expect(thread).toContain('Only staff see notes; the applicant never does.');
  });
});

describe('a forgotten password', () => {
  it('gets the same answer whoever the address is; only limits and the connection are told apart', () => {
    expect(forgotProblem(204)).toBeNull();
    expect(forgotProblem(400)).toBeNull();
    expect(forgotProblem(404)).toBeNull();
    expect(forgotProblem(429)).toBe('staff.forgot.tooMany');
    expect(forgotProblem(0)).toBe('staff.signIn.unavailable');
  });

  it('is reset with the link’s token, a long enough password typed twice', () => {
    expect(tokenOf('#abc.def-ghi')).toBe('abc.def-ghi');
    expect(tokenOf('#abc%2Edef')).toBe('abc.def');
    expect(tokenOf('')).toBe('');
    expect(tokenOf('#%E0%A4%A')).toBe('%E0%A4%A');
    expect(passwordProblem('short', 'short')).toBe('staff.reset.tooShort');
    expect(passwordProblem('long-enough-1', 'long-enough-2')).toBe('staff.reset.mismatch');
    expect(passwordProblem('long-enough-1', 'long-enough-1')).toBeNull();
    expect(resetRefusal(refused(400, { token: { code: 'validation_invalid_token' } }))).toBe('staff.reset.invalid');
    expect(resetRefusal(refused(400, { password: { code: 'validation_length_out_of_range' } }))).toBe('staff.reset.tooShort');
    expect(resetRefusal(new Error('offline'))).toBe('staff.signIn.unavailable');
  });

  it('asks for the link from the e-mail when the page has no token', () => {
    const html = render(<ResetPasswordPage />);
    expect(html).toContain('Set a new password');
    expect(html).toContain('Open this page from the link in the e-mail.');
    expect(html).toContain('role="alert"');
    expect(html).toContain('href="/staff/sign-in"');
  });
});
