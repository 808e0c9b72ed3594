/**
 * What the form page shares with the theme's widgets and templates through RJSF's formContext.
 * Plain data plus stable callbacks only: RJSF compares formContext deeply and treats every function as
 * equal, so state hidden in a closure would never reach the fields.
 */
import type { SummaryEntry } from './errorSummary.ts';
import type { FieldProblem } from './problems.ts';
import type { BlockPlacement, FormSectionModel } from './types.ts';

export interface FormContext {
  /** Namespace of the service's messages, e.g. "service.<id>". */
  ns: string;
  constants: Record<string, number | string>;
  blocks: BlockPlacement;
  /**
   * Fields the applicant entered something in and then left: only these show errors before a submit
   * (a field passed by Tab is not touched).
   */
  touched: ReadonlySet<string>;
  /** Fields whose value the applicant changed (typed, chose, ticked): only these may say "Looks good!". */
  entered: ReadonlySet<string>;
  submitted: boolean;
  /** Why the last submit did not go through (the red line above the fields), or null. */
  summary: string | null;
  /** With the summary: each error shown at a field of this page, as a link to it. */
  summaryEntries: SummaryEntry[];
  /** The summary tells of a send that failed with no field to blame: it takes the focus when it appears. */
  summaryTakesFocus: boolean;
  /** Chosen files by field name, in their order; the form value holds just their names. */
  files: Map<string, File[]>;
  /**
   * A form in steps: the fields of the step on screen, in their order (the root object template renders
   * only these; the others keep their values unmounted). Undefined: every field, as without steps.
   */
  stepFields?: readonly string[];
  /** A long form on one page: its section headings and their fields (FormModule.sections); undefined without. */
  sections?: readonly FormSectionModel[];
  /** A widget reports a problem it found itself (a refused file), or clears it with null. */
  reportProblem: (field: string, problem: FieldProblem | null) => void;
}

/**
 * RJSF id → the field's path: "root_email" → "email", a group row's cell "root_dependents_0_name" →
 * "dependents.0.name" (the path errors and server answers use). Field names are camelCase
 * (schemas/meta: ^[a-z][A-Za-z0-9]*$), so "_" only ever separates.
 */
export const fieldName = (id: string): string => id.replace(/^root_/, '').split('_').join('.');

/** The RJSF id of a path: "dependents.0.name" → "root_dependents_0_name". */
export const fieldId = (path: string): string => `root_${path.split('.').join('_')}`;
