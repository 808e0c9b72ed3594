/**
 * What the editor chose for each removed field in the Save dialog, and the server's PlanChoices it makes:
 * keep (retire, the default), renamed to a new field (x-renamed-from), or delete (drop the column).
 */
import type { PlanChoices } from '../../server/api.ts';

export type FieldFate = { kind: 'keep' } | { kind: 'renamed'; to: string | null } | { kind: 'delete' };

export function planChoices(fates: Record<string, FieldFate>): PlanChoices {
  const choices: PlanChoices = { renames: {}, drop: [] };
  for (const [field, fate] of Object.entries(fates)) {
    // A rename without its new name chosen yet is still a retire.
    if (fate.kind === 'renamed' && fate.to) choices.renames[fate.to] = field;
    if (fate.kind === 'delete') choices.drop.push(field);
  }
  return choices;
}

/** The new fields another removed field has already claimed (a new field replaces one old field at most). */
export function claimedBy(fates: Record<string, FieldFate>, except: string): Set<string> {
  const claimed = new Set<string>();
  for (const [field, fate] of Object.entries(fates)) if (field !== except && fate.kind === 'renamed' && fate.to) claimed.add(fate.to);
  return claimed;
}
