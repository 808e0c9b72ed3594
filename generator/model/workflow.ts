/**
 * A service's status workflow: its statuses and the moves staff may make between them (service.json
 * "workflow", else site.json's "statuses" and "transitions"), with what site.json's "statusMeanings" say
 * of the statuses it has (by name). The same shape goes to the browser (registry) and the server
 * (services.js), so both offer and allow the same moves. The checks say, with the file and pointer, what
 * would make a workflow that staff could not work with.
 */
import type { Workflow } from '../../shared/registry.ts';
import type { Problems } from '../errors.ts';
import type { StatusMeanings, WorkflowJson } from '../sources.ts';

/** The site's default workflow and meanings (site.json statuses, transitions, statusMeanings). */
export interface SiteStatuses {
  statuses: string[];
  transitions: Record<string, string[]>;
  statusMeanings: StatusMeanings;
}

/** The workflow a service works with: its own, else the site's; meanings kept only for statuses it has. */
export function workflowModel(site: SiteStatuses, own?: WorkflowJson): Workflow {
  const statuses = own?.statuses ?? site.statuses;
  const given = own?.transitions ?? site.transitions;
  const has = (s: string) => statuses.includes(s);
  const m = site.statusMeanings;
  return {
    statuses: [...statuses],
    initial: statuses[0]!,
    // Every status gets its list (empty: staff cannot move it on), in the workflow's order.
    transitions: Object.fromEntries(statuses.map((s) => [s, (given[s] ?? []).filter(has)])),
    final: m.final.filter(has),
    ...(has(m.cancelled) ? { cancelled: m.cancelled } : {}),
    startsService: m.startsService.filter(has),
    ...(has(m.performed) ? { performed: m.performed } : {}),
    // The workflow's own colour, else the site's for a status of that name.
    colors: Object.fromEntries(statuses.flatMap((s) => {
      const color = own?.colors?.[s] ?? m.colors[s];
      return color === undefined ? [] : [[s, color]];
    })),
  };
}

/**
 * The moves of a workflow (`at`: the pointer of the object holding `statuses` and `transitions`) checked
 * against its statuses and what they mean: every name is one of its statuses, no move leads to the status
 * it starts from or to the applicant's cancellation, no move leaves a final status, the first status is
 * neither final nor one that starts the service, and every other status is reached by some move.
 */
export function checkWorkflow(statuses: string[], transitions: Record<string, string[]>, meanings: StatusMeanings, path: string, at: string, problems: Problems): void {
  const list = statuses.join(', ');
  const known = new Set(statuses);
  const reached = new Set<string>();
  for (const [from, targets] of Object.entries(transitions)) {
    if (!known.has(from)) {
      problems.add(path, `${at}/transitions/${from}`, `"${from}" is not one of the statuses (${list})`);
      continue;
    }
    if (meanings.final.includes(from) && targets.length > 0) {
      problems.add(path, `${at}/transitions/${from}`, `"${from}" is final (site.json statusMeanings.final): an application never leaves it; give it no moves`);
    }
    targets.forEach((to, i) => {
      const pointer = `${at}/transitions/${from}/${i}`;
      if (!known.has(to)) problems.add(path, pointer, `"${to}" is not one of the statuses (${list})`);
      else if (to === from) problems.add(path, pointer, `a move from "${from}" to itself changes nothing; leave it out`);
      else if (to === meanings.cancelled) problems.add(path, pointer, `"${to}" is the applicant's own cancellation (from their status page): no move of staff's leads to it`);
      else reached.add(to);
    });
  }
  const initial = statuses[0];
  if (initial === undefined) return;
  if (meanings.final.includes(initial)) problems.add(path, `${at}/statuses/0`, `the first status "${initial}" is every new submission's: it cannot be final`);
  if (meanings.startsService.includes(initial)) problems.add(path, `${at}/statuses/0`, `the first status "${initial}" is every new submission's: it cannot be one that starts the service`);
  statuses.forEach((s, i) => {
    if (i > 0 && s !== meanings.cancelled && !reached.has(s)) {
      problems.add(path, `${at}/statuses/${i}`, `no move leads to "${s}": name it in the "transitions" of a status staff move from, or leave it out`);
    }
  });
}

/**
 * service.json workflow.from: each name a status the service no longer has (one it has is kept as it is),
 * each mapped to one of its statuses; and its colours, each of one of its statuses.
 */
export function checkOwnNames(own: WorkflowJson, path: string, problems: Problems): void {
  const list = own.statuses.join(', ');
  for (const status of Object.keys(own.colors ?? {})) {
    if (!own.statuses.includes(status)) problems.add(path, `/workflow/colors/${status}`, `"${status}" is not one of the service's statuses (${list})`);
  }
  for (const [old, to] of Object.entries(own.from ?? {})) {
    if (own.statuses.includes(old)) problems.add(path, `/workflow/from/${old}`, `"${old}" is one of the service's statuses: records holding it keep it; leave it out of "from"`);
    if (!own.statuses.includes(to)) problems.add(path, `/workflow/from/${old}`, `"${to}" is not one of the service's statuses (${list})`);
  }
}

/**
 * What a stored status the service no longer has becomes: its `from` entry, else the first status (the
 * migration rewrites the column with this before its values change, emit/migrations.ts).
 */
export const statusAfter = (workflow: Workflow, from: Record<string, string>) => (old: string): string => from[old] ?? workflow.initial;
