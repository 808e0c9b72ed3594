/** site.json "statusMeanings" checked against "statuses": a meaning that names no status would quietly do nothing. */
import type { Problems } from '../errors.ts';
import type { SiteJson } from '../sources.ts';

export function checkStatusMeanings(site: Pick<SiteJson, 'statuses' | 'statusMeanings'>, path: string, problems: Problems): void {
  const known = new Set(site.statuses);
  const m = site.statusMeanings;
  const named: [string, string][] = [
    ...m.final.map((s, i): [string, string] => [`/statusMeanings/final/${i}`, s]),
    ...m.startsService.map((s, i): [string, string] => [`/statusMeanings/startsService/${i}`, s]),
    ['/statusMeanings/cancelled', m.cancelled],
    ['/statusMeanings/performed', m.performed],
    ...Object.keys(m.colors).map((s): [string, string] => [`/statusMeanings/colors/${s}`, s]),
  ];
  for (const [pointer, status] of named) {
    if (!known.has(status)) problems.add(path, pointer, `"${status}" is not one of the statuses (${site.statuses.join(', ')})`);
  }
  if (!m.final.includes(m.cancelled)) problems.add(path, '/statusMeanings/cancelled', `the cancelled status "${m.cancelled}" must be one of the final ones: a cancelled contract stays cancelled`);
  // The first status's meanings are checked with the moves (workflow.ts checkWorkflow).
}
