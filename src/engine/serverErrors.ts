/**
 * Server answers → the same rule names the browser uses, so one set of translated messages covers
 * both. Our hooks answer with AJV keywords; PocketBase's own checks answer with its validation codes.
 * Body shape (HTTP 400): { message, data: { <field>: { code, message, params? } } }.
 */
import { dateProblem, type FieldProblem, type ProblemValues } from './problems.ts';
import { refusedProof } from './proofOfWork.ts';

const POCKETBASE_CODES: Record<string, string> = {
  validation_required: 'required',
  validation_missing_required_value: 'required',
  validation_invalid_mime_type: 'fileType',
  validation_file_size_limit: 'fileSize',
  validation_max_text_constraint: 'maxLength',
  validation_min_text_constraint: 'minLength',
  validation_invalid_email: 'format',
  validation_invalid_value: 'enum',
  validation_values_mismatch: 'const',
};

const OUR_RULES = new Set([
  'required',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'const',
  'type',
  'additionalProperties',
  'fileType',
  'fileSize',
  'stale',
  'accepted',
  // Rows of a group and several files (design §2, §3), a value for a field its condition hides (§1).
  'minItems',
  'maxItems',
  'fileTotal',
  'hidden',
]);

/** A server error code as a rule name; anything unknown is "invalid" (a generic, still translated text). */
export function keywordOf(code: string): string {
  if (OUR_RULES.has(code)) return code;
  return POCKETBASE_CODES[code] ?? 'invalid';
}

/** AJV calls a length bound `limit`; PocketBase calls it `max`/`min`. Messages use {limit}. */
function valuesOf(params: unknown): ProblemValues {
  if (!params || typeof params !== 'object') return {};
  const p = params as Record<string, unknown>;
  const values: ProblemValues = {};
  const limit = p.limit ?? p.max ?? p.min;
  if (typeof limit === 'number' || typeof limit === 'string') values.limit = limit;
  if (typeof p.format === 'string') values.format = p.format;
  return values;
}

/** The field problems in a 400 body; junk entries are ignored. */
export function serverProblems(body: unknown): Record<string, FieldProblem> {
  const data = (body as { data?: unknown } | null)?.data;
  const out: Record<string, FieldProblem> = {};
  if (!data || typeof data !== 'object') return out;
  for (const [field, error] of Object.entries(data as Record<string, unknown>)) {
    const e = error as { code?: unknown; params?: unknown } | null;
    if (!e || typeof e !== 'object' || typeof e.code !== 'string') continue;
    // A date out of its limits (formatMinimum/formatMaximum, x-date) says which date (design §4).
    const params = e.params && typeof e.params === 'object' ? (e.params as Record<string, unknown>) : {};
    // The key is the field's path: a group's cell is "dependents.2.name" (nested into place by validation.ts).
    out[field] = dateProblem(e.code, params) ?? { rule: keywordOf(e.code), values: valuesOf(e.params) };
  }
  return out;
}

/**
 * Why the server refused a send that names no field, as a reason the form tells the visitor in their
 * words: too many sends from their address (429), a body larger than the form allows (413), a proof of
 * work refused, or anything else.
 */
export function refusalReason(status: number, body: unknown): 'proofOfWork' | 'server' | 'tooMany' | 'tooLarge' {
  if (status === 429) return 'tooMany';
  if (status === 413) return 'tooLarge';
  return status === 400 && refusedProof(body) ? 'proofOfWork' : 'server';
}
