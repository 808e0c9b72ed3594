// Section 5 of `npm run bench` (scripts/bench/run.mjs): the staff list at 1k and at 100k records.
// The first page as the console loads it (src/features/staff/AdminListPage.tsx) beside the original's
// approach, the whole collection (the SDK's getFullList), on the same seeded server.
//
// Seeding: the project's migrations are copied to a temp dir with one more migration after them,
// which inserts the N rows with a single INSERT … SELECT over a recursive CTE (one statement, one
// transaction, run by `pocketbase migrate up` inside startPocketBase). It writes the rows straight
// into the table, as a data import would: no create API, no request hooks, no validation.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const COLLECTION = 'creditrepairnew';
const PER_PAGE = 20; // AdminListPage's PER_PAGE
const SORT = '-created'; // creditrepair's admin.sort in the registry
const WHOLE_PER_PAGE = 1000; // the SDK's getFullList default batch
const WHOLE_RUNS = 5;
const WHOLE_BUDGET_MS = 60_000; // per size, for the whole-collection runs

/** A migration that inserts `count` records with only the fields the create API requires. */
function seedMigration(count) {
  // ids: 'bench' + 10 digits = 15 chars of [a-z0-9], as PocketBase's own; created one minute apart,
  // in PocketBase's text format ('2026-01-01 00:01:00.000Z'), so -created is a real ordering.
  const sql = `
    INSERT INTO \`${COLLECTION}\` (id, firstName, lastName, email, phone, terms, variant, locale, created, updated)
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${Number(count)})
    SELECT printf('bench%010d', i), 'Applicant', 'Number ' || i, 'applicant' || i || '@example.test',
           printf('+1 555 %07d', i), 1, 'full', 'en', t, t
    FROM (SELECT i, strftime('%Y-%m-%d %H:%M:%fZ', '2026-01-01 00:00:00', '+' || (i * 60) || ' seconds') AS t FROM n)`;
  return `/// <reference path="../pb_data/types.d.ts" />
// Bench only (scripts/bench/list.mjs): ${count} ${COLLECTION} records, inserted directly.
migrate((app) => {
  app.db().newQuery(${JSON.stringify(sql)}).execute();
});
`;
}

/** A fetch for the SDK that counts response body bytes (decoded JSON, as the client receives it). */
function countingFetch() {
  const counter = { bytes: 0, requests: 0, encodings: new Set() };
  counter.fetch = async (url, init) => {
    const res = await fetch(url, init);
    const body = Buffer.from(await res.arrayBuffer());
    counter.bytes += body.length;
    counter.requests++;
    counter.encodings.add(res.headers.get('content-encoding') ?? 'identity');
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  return counter;
}

/** Median time and bytes of `runs` calls of `fn(fetch)` after `warmup` untimed ones. */
async function time(fn, { runs, warmup, median }) {
  for (let i = 0; i < warmup; i++) await fn(countingFetch().fetch);
  const times = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const counter = countingFetch();
    const t = performance.now();
    const result = await fn(counter.fetch);
    times.push(performance.now() - t);
    last = { counter, result };
  }
  return { median: median(times), min: Math.min(...times), max: Math.max(...times), ...last };
}

/**
 * The original's approach, request for request what the SDK's getFullList() sends (pocketbase 0.28
 * `_getFullList`): pages of 1000 with skipTotal=1 until a page comes back short. Written out here only
 * so a run can stop at `deadline`: the result then says how far it got.
 */
async function wholeCollection(records, fetch, deadline) {
  const items = [];
  for (let page = 1; ; page++) {
    if (performance.now() > deadline) return { items, complete: false };
    const result = await records.getList(page, WHOLE_PER_PAGE, { sort: SORT, skipTotal: 1, fetch });
    items.push(...result.items);
    if (result.items.length !== result.perPage) return { items, complete: true };
  }
}

/**
 * Up to WHOLE_RUNS timed runs within WHOLE_BUDGET_MS (at least one). A run still going at the end of
 * the budget is stopped between pages and its time extrapolated from the records it got.
 */
async function timeWhole(records, size, median) {
  await records.getList(1, WHOLE_PER_PAGE, { sort: SORT, skipTotal: 1 }); // warm-up: one page of 1000
  const deadline = performance.now() + WHOLE_BUDGET_MS;
  const times = [];
  let last;
  for (let i = 0; i < WHOLE_RUNS; i++) {
    // Start another run only if the one before fits in what is left of the budget.
    if (times.length && performance.now() + times[times.length - 1] > deadline) break;
    const counter = countingFetch();
    const t = performance.now();
    const { items, complete } = await wholeCollection(records, counter.fetch, deadline);
    const elapsed = performance.now() - t;
    last = { counter, items, complete, elapsed };
    if (!complete) {
      // Stopped: the time (and bytes) for all `size` records at the rate of the ones received.
      const scale = size / Math.max(1, items.length);
      return { runs: 0, median: elapsed * scale, min: elapsed, max: elapsed, bytes: counter.bytes * scale, requests: Math.floor(size / WHOLE_PER_PAGE) + 1, ...last };
    }
    times.push(elapsed);
  }
  return { runs: times.length, median: median(times), min: Math.min(...times), max: Math.max(...times), bytes: last.counter.bytes, requests: last.counter.requests, ...last };
}

export async function benchList({ root, ts, table, rows, cleanups, kb, ms, median, sizes }) {
  const { startPocketBase } = await ts('tests/support/pocketbase.ts');
  const { staffClient } = await ts('tests/support/staff.ts');
  const out = [];
  for (const size of sizes) {
    const migrations = mkdtempSync(join(tmpdir(), 'formwork-bench-list-migrations-'));
    cleanups.push(() => rmSync(migrations, { recursive: true, force: true }));
    cpSync(join(root, 'pb_migrations'), migrations, { recursive: true });
    // Sorts after every generated migration (10-digit timestamps), so the collection exists.
    writeFileSync(join(migrations, '9999999999_bench_seed_list.js'), seedMigration(size));
    let t = performance.now();
    const options = { migrationsDir: migrations };
    // One retry: on a busy machine PocketBase has been seen to miss the 30 s health deadline.
    const pb = await startPocketBase(options).catch((err) => {
      console.warn(`  ! PocketBase did not start (${String(err.message).split('\n')[0]}); retrying once`);
      return startPocketBase(options);
    });
    cleanups.push(() => pb.stop());
    const seedMs = performance.now() - t;
    try {
      const client = await staffClient(pb, 'admin');
      const records = client.collection(COLLECTION);
      // (a) The console's first page: page 1 of 20, newest first, with the total (skipTotal not set),
      // no filter chosen (the console then sends an empty one).
      const first = await time((fetch) => records.getList(1, PER_PAGE, { sort: SORT, filter: '', fetch }), { runs: 20, warmup: 3, median });
      // The same without the COUNT(*) behind the total, to show what the total costs.
      const noTotal = await time((fetch) => records.getList(1, PER_PAGE, { sort: SORT, filter: '', skipTotal: 1, fetch }), { runs: 20, warmup: 3, median });
      // (b) The original's approach: the whole collection, as getFullList loads it.
      const whole = await timeWhole(records, size, median);
      if (first.result.items.length !== Math.min(PER_PAGE, size) || first.result.totalItems !== size) {
        console.warn(`  ! ${size}: first page has ${first.result.items.length} items, total ${first.result.totalItems}`);
      }
      if (whole.complete && whole.items.length !== size) console.warn(`  ! ${size}: the whole collection came back with ${whole.items.length} records`);
      out.push({ size, seedMs, first, noTotal, whole });
    } finally {
      await pb.stop();
    }
    rmSync(migrations, { recursive: true, force: true });
  }

  const ms1 = (x) => `${x.toFixed(1)} ms`;
  const secs = (x) => (x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : ms(x));
  const bytes = (b) => (b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(1)} MB` : kb(b));
  const label = (n) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));
  const approx = (r) => (r.whole.complete ? '' : '~'); // extrapolated from a stopped run
  const enc = [...new Set(out.flatMap((r) => [...r.first.counter.encodings, ...r.whole.counter.encodings]))].join(', ');
  table(
    `5. Staff list (${COLLECTION}, signed-in admin, the project's pb_hooks): first page as the console loads it vs the original's whole collection`,
    ['records', 'first page (20, with total)', 'bytes', 'whole collection (getFullList)', 'bytes', 'requests', 'ratio time', 'ratio bytes'],
    out.map((r) => [
      label(r.size),
      ms1(r.first.median),
      kb(r.first.counter.bytes),
      `${approx(r)}${secs(r.whole.median)}`,
      `${approx(r)}${bytes(r.whole.bytes)}`,
      r.whole.requests,
      `${approx(r)}${(r.whole.median / r.first.median).toFixed(0)}×`,
      `${approx(r)}${(r.whole.bytes / r.first.counter.bytes).toFixed(0)}×`,
    ]),
  );
  for (const r of out) {
    const whole = r.whole.complete
      ? `whole collection median of ${r.whole.runs} (min–max ${secs(r.whole.min)}–${secs(r.whole.max)})`
      : `whole collection STOPPED after ${secs(r.whole.elapsed)} with ${r.whole.items.length} of ${r.size} records (${r.whole.counter.requests} pages); ~ = extrapolated at that rate`;
    console.log(
      `  ${label(r.size)}: seeded + started in ${ms(r.seedMs)}; first page median of 20 (min–max ${r.first.min.toFixed(1)}–${r.first.max.toFixed(1)} ms), ` +
        `without the total (skipTotal=1) ${ms1(r.noTotal.median)}; ${whole}`,
    );
  }
  console.log(`  bytes: response bodies as the client reads them (content-encoding: ${enc}); times include the SDK's JSON parsing`);
  for (const r of out) {
    rows.push([`staff list ${label(r.size)}: first page / whole collection`, `${ms1(r.first.median)} / ${approx(r)}${secs(r.whole.median)}`, '-', '']);
    rows.push([`staff list ${label(r.size)}: bytes first page / whole`, `${kb(r.first.counter.bytes)} / ${approx(r)}${bytes(r.whole.bytes)}`, '-', '']);
  }
}
