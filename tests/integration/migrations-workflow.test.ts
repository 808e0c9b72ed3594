/**
 * A service that gets a workflow of its own (service.json "workflow") on a database holding records: the
 * generated migration, applied by PocketBase's own `migrate`, rewrites every stored status through the
 * workflow's `from` (one it does not name becomes the first status) before the column's values change, in
 * the records and in the service's deleted records waiting in the trash; nothing else changes, and the
 * down step puts statuses back that the column had.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/pipeline.ts';
import { PB_BIN, ROOT, startPocketBase } from '../support/pocketbase.ts';
import { superuserClient } from '../support/staff.ts';
import { copySchemas } from '../support/schemas-copy.ts';

type Row = Record<string, unknown>;
const STATUSES = ['new', 'review', 'approved', 'rejected', 'done', 'cancelled', ''];

describe('a workflow of its own on a database holding records', () => {
  it('rewrites stored statuses through "from" before the column changes, and back on the way down', async () => {
    const copy = copySchemas({ fixtures: ['petition'], withoutServices: true });
    const dataDir = mkdtempSync(join(tmpdir(), 'formwork-workflow-'));
    const db = join(dataDir, 'data.db');
    const migrate = (...args: string[]) => {
      const out = execFileSync(PB_BIN, ['migrate', ...args, '--dir', dataDir, '--migrationsDir', copy.migrationsDir], { encoding: 'utf8', cwd: ROOT, input: 'y\n', stdio: 'pipe' });
      if (/^Error:/m.test(out)) throw new Error(`migrate ${args.join(' ')} failed: ${out}`);
    };
    const sql = (query: string): Row[] => {
      const out = execFileSync('sqlite3', ['-readonly', '-json', db, query], { encoding: 'utf8' });
      return out.trim() ? (JSON.parse(out) as Row[]) : [];
    };
    const generateMigrations = async (now: number) => {
      const { migrations } = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir, now });
      for (const m of migrations) writeFileSync(join(copy.migrationsDir, m.file), m.content);
      return migrations.map((m) => m.file);
    };

    // The site's workflow, and a record in each of its statuses (one from before statuses), one of them deleted.
    await generateMigrations(1_800_000_000);
    migrate('up');
    const noHooks = join(copy.root, 'no-hooks');
    mkdirSync(noHooks, { recursive: true });
    const pb = await startPocketBase({ dataDir, migrationsDir: copy.migrationsDir, hooksDir: noHooks, migrate: false });
    try {
      const root = await superuserClient(pb);
      for (const [i, status] of STATUSES.entries()) {
        await root.collection('petitions').create({ fullName: `Applicant ${i}`, email: `a${i}@example.test`, topic: 'parks', terms: true, variant: 'main', locale: 'en', status });
      }
      await root.collection('helpuztrash').create({ topic: 'petition', key: 'deletedpetition', sourceCollection: 'petitions', record: { id: 'deletedpetition', fullName: 'Deleted', status: 'review' } });
      await root.collection('helpuztrash').create({ topic: 'other', key: 'othercollection', sourceCollection: 'elsewhere', record: { id: 'othercollection', status: 'review' } });
    } finally {
      await pb.stop();
    }
    const before = sql('SELECT * FROM petitions ORDER BY fullName');

    // The service's own workflow: two statuses mapped, the others to the first.
    copy.edit('services/petition/service.json', (j) => {
      j.workflow = { statuses: ['open', 'solved'], transitions: { open: ['solved'], solved: ['open'] }, from: { review: 'open', approved: 'solved', done: 'solved' } };
    });
    expect(await generateMigrations(1_800_000_100)).toEqual(['1800000100_updated_petitions.js']);
    migrate('up');
    const after = sql('SELECT * FROM petitions ORDER BY fullName');
    expect(after.map((r) => [r.fullName, r.status])).toEqual([
      ['Applicant 0', 'open'], // new: not named, the first status
      ['Applicant 1', 'open'], // review
      ['Applicant 2', 'solved'], // approved
      ['Applicant 3', 'open'], // rejected: not named
      ['Applicant 4', 'solved'], // done
      ['Applicant 5', 'open'], // cancelled: not named
      ['Applicant 6', ''], // none yet: counts as the first, left as it is
    ]);
    // Nothing but the status changed.
    const strip = (rows: Row[]) => rows.map(({ status: _s, updated: _u, ...rest }) => rest);
    expect(strip(after)).toEqual(strip(before));
    const column = (JSON.parse(String(sql(`SELECT fields FROM _collections WHERE name = 'petitions'`)[0]?.fields)) as Row[]).find((f) => f.name === 'status');
    expect(column?.values).toEqual(['open', 'solved']);
    // The deleted one comes back with a status its list has; another list's trash is untouched.
    const trash = () => Object.fromEntries(sql(`SELECT key, json_extract(record, '$.status') AS status FROM helpuztrash`).map((r) => [r.key, r.status]));
    expect(trash()).toEqual({ deletedpetition: 'open', othercollection: 'review' });

    // Down: each status back to the first old one that became it (open: new, the old first status).
    migrate('down', '1');
    expect(sql('SELECT fullName, status FROM petitions ORDER BY fullName').map((r) => r.status)).toEqual(['new', 'new', 'approved', 'new', 'approved', 'new', '']);
    expect(trash()).toEqual({ deletedpetition: 'new', othercollection: 'review' });
  });
});
