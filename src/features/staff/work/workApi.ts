/**
 * The staff work routes (pb_hooks/work.pb.js) as the console calls them, and the one way their refusals
 * are read: PocketBase's error body names the field and a code (`data.<field>.code`), which the screens
 * turn into their own translated message; a 429 is a rate limit whatever its body says.
 */
import { pb } from '../../../config/pocketbase.ts';

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: string;
}

export interface NoteEntry {
  id: string;
  sourceCollection: string;
  record: string;
  kind: 'note' | 'reply';
  author: string;
  authorEmail: string;
  body: string;
  template?: string;
  mail?: string;
  created: string;
}

export interface CannedReply {
  id: string;
  /** What staff pick, in their language. */
  title: string;
  /** The e-mail's text, in the applicant's language, filled for this application. */
  body: string;
}

export interface ReplyForm {
  /** The applicant's address, masked ('' when the application has none). */
  to: string;
  /** The language the applicant applied in (the e-mail's). */
  language: string;
  /** Where the applicant's answer goes (the company's address). */
  replyTo: string;
  templates: CannedReply[];
}

export interface AssignResult {
  id: string;
  ok: boolean;
  code?: string;
  message?: string;
}

interface ErrorLike {
  status?: number;
  response?: { data?: Record<string, { code?: unknown } | undefined> };
}

/** The HTTP status of a failed call (0: the server could not be reached). */
export const statusOf = (err: unknown): number => (err as ErrorLike | null)?.status ?? 0;

/** The refusal's code for `field` (`data.<field>.code`), or '' when the answer names none. */
export function refusalCode(err: unknown, field: string): string {
  const code = (err as ErrorLike | null)?.response?.data?.[field]?.code;
  return typeof code === 'string' ? code : '';
}

/**
 * The message id that explains a failed call to `field` in a screen's terms: `codes` maps the server's
 * codes to messages; a 429 is `rateLimited` (if given), anything else `fallback`.
 */
export function problemMessage(err: unknown, field: string, codes: Record<string, string>, fallback: string, rateLimited?: string): string {
  if (rateLimited && (statusOf(err) === 429 || refusalCode(err, field) === 'rate_limited')) return rateLimited;
  const code = refusalCode(err, field);
  return Object.prototype.hasOwnProperty.call(codes, code) ? (codes[code] as string) : fallback;
}

const enc = encodeURIComponent;

export const fetchDirectory = () => pb.send<{ staff: StaffMember[] }>('/api/formwork/staff/directory', { requestKey: null }).then((d) => d.staff);

export const assign = (collection: string, ids: string[], assignee: string) =>
  pb.send<{ results: AssignResult[] }>(`/api/formwork/assign/${enc(collection)}`, { method: 'POST', body: { ids, assignee }, requestKey: null });

export const addNote = (collection: string, id: string, body: string) =>
  pb.send<NoteEntry>(`/api/formwork/notes/${enc(collection)}/${enc(id)}`, { method: 'POST', body: { body }, requestKey: null });

export const replyForm = (collection: string, id: string, lang: string) =>
  pb.send<ReplyForm>(`/api/formwork/replies/${enc(collection)}/${enc(id)}`, { query: { lang }, requestKey: null });

export const sendReply = (collection: string, id: string, text: string, template: string) =>
  pb.send<{ note: NoteEntry; mail: { id: string; status: string; to: string } }>(`/api/formwork/reply/${enc(collection)}/${enc(id)}`, {
    method: 'POST',
    body: template ? { text, template } : { text },
    requestKey: null,
  });
