/**
 * What a migration would throw away, said before it is applied: the columns and collections a `--drop`
 * removes, with how many records hold a value there when a database is named (`--db pb_data/data.db`,
 * read with the sqlite3 command, read-only, so a running server is not disturbed).
 */
import { execFileSync } from 'node:child_process';
import type { PbField } from './transform/collections.ts';
import type { Reconciled } from './transform/retire.ts';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** SQL true when a record holds a value in the column: a ticked box, a non-zero number, a non-empty text, list or file. */
function hasValue(f: PbField): string {
  const c = quote(f.name);
  if (f.type === 'bool') return `${c} = 1`;
  if (f.type === 'number') return `${c} != 0`;
  return `${c} IS NOT NULL AND ${c} NOT IN ('', '[]', 'null', '{}')`;
}

function query(db: string, sql: string): Record<string, number>[] {
  const out = execFileSync('sqlite3', ['-readonly', '-json', db, sql], { encoding: 'utf8' });
  return out.trim() ? (JSON.parse(out) as Record<string, number>[]) : [];
}

/** Records in the collection, and per column how many hold a value. */
export function valueCounts(db: string, collection: string, fields: PbField[]): { records: number; values: Record<string, number> } {
  const sums = fields.map((f) => `SUM(CASE WHEN ${hasValue(f)} THEN 1 ELSE 0 END) AS ${quote(f.name)}`);
  const [row = {}] = query(db, `SELECT ${['COUNT(*) AS "records"', ...sums].join(', ')} FROM ${quote(collection)}`);
  const values = Object.fromEntries(fields.map((f) => [f.name, Number(row[f.name] ?? 0)]));
  return { records: Number(row.records ?? 0), values };
}

/** One line per thing dropped: what goes, and (with a database) how many records lose a value. */
export function dropReport(dropped: Reconciled['dropped'], db?: string): string[] {
  return dropped.flatMap(({ collection, fields }) => {
    if (fields === null) {
      const records = db ? ` (${valueCounts(db, collection, []).records} records in ${db})` : ' (name a database with --db to count its records)';
      return [`DROPS the collection ${collection} and every record in it${records}`];
    }
    const counts = db ? valueCounts(db, collection, fields) : undefined;
    return fields.map((f) =>
      counts
        ? `DROPS the column ${collection}.${f.name} (${f.type}): ${counts.values[f.name]} of ${counts.records} records in ${db} hold a value, which will be lost`
        : `DROPS the column ${collection}.${f.name} (${f.type}) and its values (name a database with --db to count them)`,
    );
  });
}
