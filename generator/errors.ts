import type { Position } from './jsonSource.ts';

/**
 * A problem in schemas/: the file, the JSON pointer of what is wrong in it, the line and column where
 * that is written (1-based; 1:1 when the problem is the whole file), and a plain message.
 */
export interface SchemaProblem {
  file: string;
  pointer: string;
  message: string;
  line: number;
  column: number;
}

export class SchemaError extends Error {
  constructor(readonly problems: SchemaProblem[]) {
    super(problems.map(formatLocated).join('\n'));
    this.name = 'SchemaError';
  }
}

/** `file#/json/pointer: message`: where a problem is in the JSON's terms, which stays put when lines move. */
export function formatProblem(p: SchemaProblem): string {
  return `${p.file}#${p.pointer}: ${p.message}`;
}

/** `file:line:column: message`, the form editors and terminals turn into a link to the place. */
export function formatLocated(p: SchemaProblem): string {
  return `${p.file}:${p.line}:${p.column}: ${p.message}`;
}

/** Finds where a pointer is written in a file (load.ts registers each JSON file it parses). */
export type Locator = (pointer: string) => Position;

/** Collects problems across a whole run so the editor sees all of them at once. */
export class Problems {
  readonly list: SchemaProblem[] = [];
  private readonly locators = new Map<string, Locator>();
  private readonly seen = new Set<string>();

  locate(file: string, locator: Locator): void {
    this.locators.set(file, locator);
  }

  /** Where a pointer is written in a file, if the file was parsed. */
  position(file: string, pointer: string): Position | undefined {
    return this.locators.get(file)?.(pointer);
  }

  /** `at` overrides the pointer's position (a place inside a value, such as a syntax error's). */
  add(file: string, pointer: string, message: string, at?: Position): void {
    // One cause reported twice by two checks is one problem.
    const key = `${file}\u0000${pointer}\u0000${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const { line, column } = at ?? this.locators.get(file)?.(pointer) ?? { line: 1, column: 1 };
    this.list.push({ file, pointer, message, line, column });
  }

  throwIfAny(): void {
    if (this.list.length > 0) throw new SchemaError(this.list);
  }
}
