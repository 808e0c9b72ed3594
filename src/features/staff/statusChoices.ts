/**
 * What the status control offers for one application and why it offers no more: the moves its service's
 * workflow allows from the current status (ServiceEntry.workflow.transitions), less those the applicant's
 * cancellation window holds back, and a reason for every status left out. The server decides the same way
 * (pb_hooks/lib/status.js refusal); this only spares staff a refused click.
 */
import type { Workflow } from '../../engine/types.ts';

/** Why statuses are not offered; `statuses` in the workflow's order. */
export type StatusReason =
  /** The current status is final: nothing is offered. */
  | { kind: 'final'; status: string }
  /** The workflow gives the current status no moves. */
  | { kind: 'noMoves'; status: string }
  /** Moves that start the service, held back until the applicant's right to cancel ends (the last local day and its zone). */
  | { kind: 'window'; statuses: string[]; day: string; timeZone: string }
  /** The applicant's own cancellation, which staff never set. */
  | { kind: 'applicantOnly'; status: string }
  /** Statuses the workflow does not reach from the current one in one move. */
  | { kind: 'notFrom'; status: string; statuses: string[] };

export interface StatusChoices {
  current: string;
  offered: string[];
  reasons: StatusReason[];
}

/** What the control reads of a stored record. */
export interface StatusRecord {
  status?: unknown;
  cancelDeadline?: unknown;
  timeZone?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A PocketBase date ("2026-12-03 05:00:00.000Z") in ms. */
const instant = (stored: string): number => Date.parse(stored.replace(' ', 'T'));

/** The local day (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The cancellation window of a record still open at `now`: its last local day (the deadline is the
 * midnight that ends it) and the applicant's time zone (else the reader's); null when closed or none.
 */
export function openWindow(record: StatusRecord, now: number): { day: string; timeZone: string } | null {
  const deadline = text(record.cancelDeadline);
  const ends = deadline ? instant(deadline) : Number.NaN;
  if (Number.isNaN(ends) || now >= ends) return null;
  const timeZone = text(record.timeZone) || Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { day: localDay(ends - 1, timeZone), timeZone };
}

export function statusChoices(workflow: Workflow, record: StatusRecord, now: number): StatusChoices {
  const current = text(record.status) || workflow.initial;
  if (workflow.final.includes(current)) return { current, offered: [], reasons: [{ kind: 'final', status: current }] };
  const moves = workflow.transitions[current] ?? [];
  const window = openWindow(record, now);
  const held = window ? moves.filter((s) => workflow.startsService.includes(s)) : [];
  const offered = moves.filter((s) => !held.includes(s));
  const reasons: StatusReason[] = [];
  if (moves.length === 0) reasons.push({ kind: 'noMoves', status: current });
  if (window && held.length > 0) reasons.push({ kind: 'window', statuses: held, ...window });
  const cancelled = workflow.cancelled;
  if (cancelled && cancelled !== current) reasons.push({ kind: 'applicantOnly', status: cancelled });
  const elsewhere = workflow.statuses.filter((s) => s !== current && s !== cancelled && !moves.includes(s));
  if (moves.length > 0 && elsewhere.length > 0) reasons.push({ kind: 'notFrom', status: current, statuses: elsewhere });
  return { current, offered, reasons };
}
