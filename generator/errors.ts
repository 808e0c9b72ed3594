/** A problem in schemas/, reported as `file#/json/pointer: message` so an editor can jump to it. */
export interface SchemaProblem {
  file: string;
  pointer: string;
  message: string;
}

export class SchemaError extends Error {
  constructor(readonly problems: SchemaProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'SchemaError';
  }
}

export function formatProblem(p: SchemaProblem): string {
  return `${p.file}#${p.pointer}: ${p.message}`;
}

/** Collects problems across a whole run so the editor sees all of them at once. */
export class Problems {
  readonly list: SchemaProblem[] = [];
  add(file: string, pointer: string, message: string): void {
    this.list.push({ file, pointer, message });
  }
  throwIfAny(): void {
    if (this.list.length > 0) throw new SchemaError(this.list);
  }
}
