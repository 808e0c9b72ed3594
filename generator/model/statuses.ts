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
  const initial = site.statuses[0];
  if (initial !== undefined && m.startsService.includes(initial)) problems.add(path, '/statusMeanings/startsService', `the first status "${initial}" is every new submission's: it cannot be one that starts the service`);
  if (initial !== undefined && m.final.includes(initial)) problems.add(path, '/statusMeanings/final', `the first status "${initial}" is every new submission's: it cannot be final`);
}
