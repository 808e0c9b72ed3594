/**
 * What the form page shares with the theme's widgets and templates through RJSF's formContext.
 * Plain data plus stable callbacks only: RJSF compares formContext deeply and treats every function as
 * equal, so state hidden in a closure would never reach the fields.
 */
import type { FieldProblem } from './problems.ts';
import type { BlockPlacement } from './types.ts';

export interface FormContext {
  /** Namespace of the service's messages, e.g. "service.<id>". */
  ns: string;
  constants: Record<string, number | string>;
  blocks: BlockPlacement;
  /** Fields the applicant has left at least once: only these show errors before a submit. */
  touched: ReadonlySet<string>;
  submitted: boolean;
  /** Why the last submit did not go through (the red line above the fields), or null. */
  summary: string | null;
  /** The summary tells of a send that failed with no field to blame: it takes the focus when it appears. */
  summaryTakesFocus: boolean;
  /** Chosen files by field name; the form value holds just the file name. */
  files: Map<string, File>;
  /** A widget reports a problem it found itself (a refused file), or clears it with null. */
  reportProblem: (field: string, problem: FieldProblem | null) => void;
}

/** RJSF ids are "root_<field>" for the top-level fields our forms have. */
export const fieldName = (id: string): string => id.replace(/^root_/, '');
