/**
 * Which of the generator's problems concern a part of a file: the rule FieldProblems and the editors use
 * to put a problem beside the control it is about.
 */
import type { Problem } from '../../server/api.ts';

/** Whether `pointer` is `prefix` or lies under it, segment by segment: /properties/a holds
 *  /properties/a/maxLength but not /properties/ab. The empty pointer is the whole document. */
export function pointerWithin(pointer: string, prefix: string): boolean {
  return prefix === '' || pointer === prefix || pointer.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/** The problems of `file` at or under `pointerPrefix`, in the order the generator reported them. */
export function problemsUnder(problems: readonly Problem[], file: string, pointerPrefix: string): Problem[] {
  return problems.filter((p) => p.file === file && pointerWithin(p.pointer, pointerPrefix));
}
