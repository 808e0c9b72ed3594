// Section 5 of `npm run bench` (scripts/bench/run.mjs): the staff console at 1k and at 100k records.
// The table's first page as the console loads it (src/features/staff/AdminListPage.tsx: page 1 of 25,
// newest first, the columns' fields, with the total) beside the original's approach, the whole
// collection (the SDK's getFullList), on the same seeded server; then the requests of one application's
// page (src/features/staff/application/loadApplication.ts and neighbours.ts: the record, its status
// history, signatures, e-mails and notes, and the previous / next in the list). Each is printed with the
// time PocketBase itself spent on it (its request log's execTime) beside the round trip, against the
// issue's budget of 100 ms server time, flat from 1k to 100k. Printed, never asserted.
//
// Seeding: the project's migrations are copied to a temp dir with one more migration after them,
// which inserts the N rows with a single INSERT … SELECT over a recursive CTE (one statement, one
// transaction, run by `pocketbase migrate up` inside startPocketBase). It writes the rows straight
// into the table, as a data import would: no create API, no request hooks, no validation. The tables an
// application's page reads (history, signatures, outbox, notes) get one row per record the same way, so
// their indexes are as deep as the list's.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const COLLECTION = 'creditrepairnew';
const PER_PAGE = 25; // the table's first page size (listQuery.ts PER_PAGE[0])
const BUDGET_MS = 100; // issue 33: server time of the list's first page and of the application page
const SORT = '-created'; // creditrepair's admin.sort in the registry
const WHOLE_PER_PAGE = 1000; // the SDK's getFullList default batch
const WHOLE_RUNS = 5;
const WHOLE_BUDGET_MS = 60_000; // per size, for the whole-collection runs

/** A migration that inserts `count` records with only the fields the create API requires. */
function seedMigration(count, tables) {
  // ids: 'bench' + 10 digits = 15 chars of [a-z0-9], as PocketBase's own; created one minute apart,
  // in PocketBase's text format ('2026-01-01 00:01:00.000Z'), so -created is a real ordering.
  const rows = (select) => `
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${Number(count)})
    SELECT ${select}
    FROM (SELECT i, strftime('%Y-%m-%d %H:%M:%fZ', '2026-01-01 00:00:00', '+' || (i * 60) || ' seconds') AS t FROM n)`;
  // The reference is unique: one per record (digits, which the real alphabet lacks, so never a real one).
  const records = `INSERT INTO \`${COLLECTION}\` (id, reference, firstName, lastName, email, phone, terms, variant, locale, created, updated) ${rows(
    `printf('bench%010d', i), printf('CR-%08d', i), 'Applicant', 'Number ' || i, 'applicant' || i || '@example.test', printf('+1 555 %07d', i), 1, 'full', 'en', t, t`,
  )}`;
  // One row per record in each table the application's page reads (ids with their own prefix).
  const side = {
    [tables.history]: ['hist', "sourceCollection, record, \"from\", \"to\", byEmail, note, created, updated", `'${COLLECTION}', printf('bench%010d', i), 'new', 'review', 'admin@example.test', '', t, t`],
    [tables.signatures]: ['sign', 'sourceCollection, record, document, version, language, hash, signed, signedName, created, updated', `'${COLLECTION}', printf('bench%010d', i), 'contract', '1', 'en', printf('%064d', i), 1, 'Applicant', t, t`],
    [tables.outbox]: ['mail', "sourceCollection, record, kind, \"to\", status, created, updated", `'${COLLECTION}', printf('bench%010d', i), 'applicant', 'applicant' || i || '@example.test', 'sent', t, t`],
    [tables.notes]: ['note', 'sourceCollection, record, kind, author, authorEmail, body, created, updated', `'${COLLECTION}', printf('bench%010d', i), 'note', '', 'admin@example.test', 'Called the applicant.', t, t`],
  };
  const statements = Object.entries(side).map(([table, [prefix, columns, select]]) => ({
    table,
    sql: `INSERT INTO \`${table}\` (id, ${columns}) ${rows(`printf('${prefix}%010d', i), ${select}`)}`,
  }));
  return `/// <reference path="../pb_data/types.d.ts" />
// Bench only (scripts/bench/list.mjs): ${count} ${COLLECTION} records and a row each in the tables an application's page reads, inserted directly.
migrate((app) => {
  app.db().newQuery(${JSON.stringify(records)}).execute();
  for (const s of ${JSON.stringify(statements)}) {
    // A table this installation does not have yet (the notes, before their migration) is left out.
    if (!app.hasTable(s.table)) continue;
    app.db().newQuery(s.sql).execute();
  }
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

/** The requests of one application's page, as loadApplication.ts and listContext.ts send them: { name → timing }. */
async function applicationPage(client, size, fields, neighbours, tables, median) {
  const id = `bench${String(Math.ceil(size / 2)).padStart(10, '0')}`;
  const ofRecord = client.filter('sourceCollection = {:c} && record = {:r}', { c: COLLECTION, r: id });
  const opts = { runs: 20, warmup: 3, median };
  const record = await client.collection(COLLECTION).getOne(id);
  // The list it was opened from: the default view (no filter, newest first); the rows just before and after it.
  const keys = neighbours.sortKeys(SORT);
  const neighbour = (direction) => (fetch) => {
    const keyset = neighbours.keysetFilter(keys, record, direction);
    return client.collection(COLLECTION).getList(1, 1, {
      filter: neighbours.neighbourFilter('', client.filter(keyset.expr, keyset.params)),
      sort: neighbours.sortExpression(keys, direction === 'before'),
      fields: 'id',
      skipTotal: true,
      fetch,
      bench: `neighbour-${direction}`,
    });
  };
  const list = (collection, name, extra) => (fetch) => client.collection(collection).getFullList({ filter: ofRecord, sort: 'created', fetch, bench: name, ...extra });
  const requests = {
    record: (fetch) => client.collection(COLLECTION).getOne(id, { fetch, bench: 'record' }),
    history: list(tables.history, 'history', {}),
    signatures: list(tables.signatures, 'signatures', { fields: 'id,document,version,language,hash,signed,signedName,ip,created' }),
    outbox: list(tables.outbox, 'outbox', { fields: 'id,kind,to,status,sentAt,attempts' }),
    notes: list(tables.notes, 'notes', { fields: 'id,kind,authorEmail,body,created' }),
    'previous (neighbour)': neighbour('before'),
    'next (neighbour)': neighbour('after'),
  };
  const out = {};
  for (const [name, fn] of Object.entries(requests)) {
    out[name] = await time(fn, opts).catch((err) => ({ error: String(err.message ?? err).split('\n')[0] }));
  }
  // What the page found: one row each, both neighbours.
  const found = Object.entries(out).filter(([, r]) => !r.error && Array.isArray(r.result) && r.result.length !== 1);
  for (const [name, r] of found) console.warn(`  ! ${size}: ${name} found ${r.result.length} rows, expected 1`);
  return out;
}

/**
 * PocketBase's own time per request (its request log's execTime, ms), by the `bench` name each timed
 * request carried: { name → median }. The log is written in batches, so this waits for it to catch up.
 */
async function serverTimes(root, median) {
  await new Promise((r) => setTimeout(r, 4000));
  const byName = {};
  for (let page = 1; ; page++) {
    const logs = await root.logs.getList(page, 500, { filter: 'data.url ~ "bench="', sort: 'created' });
    for (const l of logs.items) {
      const name = /[?&]bench=([^&]+)/.exec(String(l.data.url))?.[1];
      if (name) (byName[decodeURIComponent(name)] ??= []).push(Number(l.data.execTime));
    }
    if (page >= logs.totalPages) break;
  }
  // The warm-up requests are in the log too: the last 20 of each are the timed ones.
  return Object.fromEntries(Object.entries(byName).map(([name, times]) => [name, median(times.slice(-20))]));
}

export async function benchList({ root, ts, table, rows, cleanups, kb, ms, median, sizes }) {
  const { startPocketBase } = await ts('tests/support/pocketbase.ts');
  const { staffClient, superuserClient } = await ts('tests/support/staff.ts');
  const { registry } = await ts('src/generated/registry.ts');
  const { columnsOf, fieldsOf } = await ts('src/features/staff/listColumns.ts');
  const neighbours = await ts('src/features/staff/application/neighbours.ts');
  const service = registry.services.find((x) => x.collection === COLLECTION);
  const tables = { history: registry.historyCollection, signatures: registry.signatureCollection, outbox: registry.outboxCollection, notes: registry.noteCollection ?? 'staffnotes' };
  const out = [];
  for (const size of sizes) {
    const migrations = mkdtempSync(join(tmpdir(), 'formwork-bench-list-migrations-'));
    cleanups.push(() => rmSync(migrations, { recursive: true, force: true }));
    cpSync(join(root, 'pb_migrations'), migrations, { recursive: true });
    // Sorts after every generated migration (10-digit timestamps), so the collection exists.
    writeFileSync(join(migrations, '9999999999_bench_seed_list.js'), seedMigration(size, tables));
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
      // (a) The table's first page: page 1 of 25, newest first, the columns' fields, with the total
      // (skipTotal not set), no filter chosen (the console then sends an empty one). `bench` names the
      // request in PocketBase's request log (an unknown query parameter, which PocketBase ignores).
      const fields = fieldsOf(columnsOf(service));
      const first = await time((fetch) => records.getList(1, PER_PAGE, { sort: SORT, filter: '', fields, fetch, bench: 'first' }), { runs: 20, warmup: 3, median });
      // The same without the COUNT(*) behind the total, to show what the total costs.
      const noTotal = await time((fetch) => records.getList(1, PER_PAGE, { sort: SORT, filter: '', skipTotal: 1, fetch }), { runs: 20, warmup: 3, median });
      // (b) The original's approach: the whole collection, as getFullList loads it.
      const whole = await timeWhole(records, size, median);
      if (first.result.items.length !== Math.min(PER_PAGE, size) || first.result.totalItems !== size) {
        console.warn(`  ! ${size}: first page has ${first.result.items.length} items, total ${first.result.totalItems}`);
      }
      if (whole.complete && whole.items.length !== size) console.warn(`  ! ${size}: the whole collection came back with ${whole.items.length} records`);
      // (c) One application's page (a record in the middle of the list), request for request.
      const page = await applicationPage(client, size, fields, neighbours, tables, median);
      const server = await serverTimes(await superuserClient(pb), median);
      out.push({ size, seedMs, first, noTotal, whole, page, server });
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
    ['records', `first page (${PER_PAGE}, with total)`, 'bytes', 'whole collection (getFullList)', 'bytes', 'requests', 'ratio time', 'ratio bytes'],
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

  // The work queue's budget: server time (PocketBase's execTime) of each request, ≤ 100 ms and flat.
  const names = ['first', ...Object.keys(out[0]?.page ?? {})];
  const logName = (name) => (name === 'first' ? 'first' : { 'previous (neighbour)': 'neighbour-before', 'next (neighbour)': 'neighbour-after' }[name] ?? name);
  const timing = (r, name) => (name === 'first' ? r.first : r.page[name]);
  // A request that failed (a collection this installation lacks) has no time worth printing.
  const serverMs = (r, name) => (timing(r, name)?.error ? undefined : r.server[logName(name)]);
  const cellOf = (r, name) => {
    const t = timing(r, name);
    if (t?.error) return `error: ${t.error}`;
    const server = serverMs(r, name);
    return `${server === undefined ? '?' : ms1(server)} (${ms1(t.median)})`;
  };
  const smallest = out[0];
  const largest = out[out.length - 1];
  table(
    `5b. Staff work queue (${COLLECTION}): server time per request (PocketBase's execTime, median of 20), round trip in brackets; budget ${BUDGET_MS} ms, flat from ${label(smallest?.size ?? 0)} to ${label(largest?.size ?? 0)}`,
    ['request', ...out.map((r) => `${label(r.size)} records`), 'within budget', `${label(largest?.size ?? 0)} / ${label(smallest?.size ?? 0)}`],
    names.map((name) => {
      const servers = out.map((r) => serverMs(r, name));
      const known = servers.every((x) => typeof x === 'number');
      const within = known ? (servers.every((x) => x <= BUDGET_MS) ? 'yes' : 'NO') : '?';
      const ratio = known && servers[0] > 0 ? `${(servers[servers.length - 1] / servers[0]).toFixed(1)}×` : '?';
      return [name === 'first' ? `table's first page (${PER_PAGE}, with total)` : `application page: ${name}`, ...out.map((r) => cellOf(r, name)), within, ratio];
    }),
  );
  console.log('  flat: the ratio of the largest to the smallest size stays near 1× when every query is answered from an index');
  for (const r of out) {
    const page = Object.keys(r.page).reduce((sum, name) => sum + (serverMs(r, name) ?? 0), 0);
    // The page's requests go out together; their server times added up are what it costs at worst.
    const firstMs = serverMs(r, 'first') ?? NaN;
    const met = firstMs <= BUDGET_MS && page <= BUDGET_MS ? 'met' : 'NOT met';
    rows.push([`staff queue ${label(r.size)}: first page / application page (sum), server time`, `${ms1(firstMs)} / ${ms1(page)}`, `≤ ${BUDGET_MS} ms each`, met]);
  }
}
