/** What the form page shares with the theme's widgets and templates through RJSF's formContext. */
import type { PlacedBlocks } from './blocks.ts';

export interface FormContext {
  /** Namespace of the service's messages, e.g. "service.creditrepair". */
  ns: string;
  constants: Record<string, number | string>;
  blocks: PlacedBlocks;
  /** Fields the applicant has left at least once: only these show errors before a submit. */
  touched: ReadonlySet<string>;
  submitted: boolean;
  /** Chosen files by field name; the form value holds just the file name. */
  files: Map<string, File>;
}

export const fieldName = (id: string): string => id.replace(/^root_/, '');
