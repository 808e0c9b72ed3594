/**
 * Why a new field's name cannot be taken: the generator's rule for a name (the model's isValidFieldName)
 * and the names already used where the field goes.
 */
import { isValidFieldName } from '../../model/fields.ts';

/** A message id of the studio saying what is wrong with the name, or null when it can be taken. */
export function nameProblem(name: string, taken: readonly string[]): string | null {
  if (name === '') return 'fields.add.nameMissing';
  if (!isValidFieldName(name)) return 'fields.add.nameRule';
  if (taken.includes(name)) return 'fields.add.nameTaken';
  return null;
}
