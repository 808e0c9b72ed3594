/**
 * The business's constants (schemas/site.json) as message arguments, so every block text may say
 * {companyName}, {companyPhone}, … and the details live in one file.
 */
import type { Company } from './types.ts';

export function companyValues(company: Company): Record<string, string> {
  return Object.fromEntries(Object.entries(company).map(([k, v]) => [`company${k.charAt(0).toUpperCase()}${k.slice(1)}`, String(v)]));
}
