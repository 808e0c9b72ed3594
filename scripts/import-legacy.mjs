#!/usr/bin/env node
// Imports the original product's realtime-database export (docs/importing.md):
//
//   node scripts/import-legacy.mjs <export.json> [--url http://127.0.0.1:8090] [--dry-run]
//        [--rejects rejects.json] [--report report.json] [--batch 200]
//
// Signs in as the PocketBase superuser (FORMWORK_ADMIN_EMAIL / FORMWORK_ADMIN_PASSWORD, the same
// defaults as scripts/start.mjs) and sends the export to POST /api/formwork/import, one collection at
// a time in batches (PocketBase's request size limit; one transaction per batch). Prints the report
// as a table. Card data never reaches the output: the server removes it before anything else.
//
// --rejects writes the refused records, without card data, in the export's own shape with their
// errors beside them (`__importErrors`): fix them and import that file. It holds personal data
// (SSNs in clear): it is written readable by you only; delete it when done.
// --report writes the whole report (skipped file links included) as JSON, without the refused data.
//
// Exit status: 0 when every record is imported or already present, 2 when some were refused, 1 on error.
import { readFileSync, writeFileSync } from 'node:fs';

const USAGE = 'usage: node scripts/import-legacy.mjs <export.json> [--url http://127.0.0.1:8090] [--dry-run] [--rejects rejects.json] [--report report.json] [--batch 200]';

function parseArgs(argv) {
  const args = { file: '', url: process.env.FORMWORK_URL ?? 'http://127.0.0.1:8090', dryRun: false, rejects: '', report: '', batch: 200 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value\n${USAGE}`);
      return v;
    };
    if (a === '--url') args.url = value();
    else if (a === '--dry-run') args.dryRun = true;
    else if (a === '--rejects') args.rejects = value();
    else if (a === '--report') args.report = value();
    else if (a === '--batch') args.batch = Number(value());
    else if (a === '-h' || a === '--help') {
      console.log(USAGE);
      process.exit(0);
    } else if (a.startsWith('--')) throw new Error(`unknown option ${a}\n${USAGE}`);
    else if (!args.file) args.file = a;
    else throw new Error(`one export file only\n${USAGE}`);
  }
  if (!args.file) throw new Error(USAGE);
  if (!Number.isInteger(args.batch) || args.batch < 1) throw new Error('--batch must be a positive whole number');
  args.url = args.url.replace(/\/+$/, '');
  return args;
}

async function signIn(url) {
  const identity = process.env.FORMWORK_ADMIN_EMAIL ?? 'admin@formwork.local';
  const password = process.env.FORMWORK_ADMIN_PASSWORD ?? 'formwork-admin';
  const res = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity, password }),
  });
  if (!res.ok) throw new Error(`superuser sign-in as ${identity} failed (${res.status}); set FORMWORK_ADMIN_EMAIL and FORMWORK_ADMIN_PASSWORD`);
  return (await res.json()).token;
}

async function send(url, token, part, dryRun) {
  const res = await fetch(`${url}/api/formwork/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ export: part, dryRun }),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`import failed (${res.status}): ${body.message ?? 'no message'}`);
  return body;
}

const TRASH = 'helpuztrash'; // the original's trash (spec §3)
const COUNTS = ['records', 'imported', 'alreadyPresent', 'rejected', 'cardFieldsDropped', 'fileLinksSkipped'];

function merge(total, part) {
  for (const [name, stats] of Object.entries(part.collections)) {
    const into = (total.collections[name] ??= { ...Object.fromEntries(COUNTS.map((k) => [k, 0])), unknownFields: {} });
    for (const k of COUNTS) into[k] += stats[k];
    for (const [f, n] of Object.entries(stats.unknownFields)) into.unknownFields[f] = (into.unknownFields[f] ?? 0) + n;
  }
  for (const [name, n] of Object.entries(part.unknownCollections)) total.unknownCollections[name] = (total.unknownCollections[name] ?? 0) + n;
  total.rejected.push(...part.rejected);
  total.skippedFiles.push(...part.skippedFiles);
  total.skippedFields.push(...part.skippedFields);
}

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ')).join('\n');
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const data = JSON.parse(readFileSync(args.file, 'utf8'));
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error(`${args.file} is not an export (one JSON object of collections)`);
  const token = await signIn(args.url);
  const total = { dryRun: args.dryRun, collections: {}, unknownCollections: {}, rejected: [], skippedFiles: [], skippedFields: [] };
  // The trash last, as the server does within one request: a record both listed and trashed stays listed.
  const collections = Object.entries(data).sort(([a], [b]) => (a === TRASH) - (b === TRASH));
  for (const [name, records] of collections) {
    const isCollection = records && typeof records === 'object';
    const entries = isCollection ? Object.entries(records) : [];
    if (entries.length === 0) {
      merge(total, await send(args.url, token, { [name]: records }, args.dryRun));
      continue;
    }
    for (let i = 0; i < entries.length; i += args.batch) {
      const part = Array.isArray(records) ? entries.slice(i, i + args.batch).map(([, r]) => r) : Object.fromEntries(entries.slice(i, i + args.batch));
      // An array keeps its indexes as keys only when sent whole.
      merge(total, await send(args.url, token, { [name]: Array.isArray(records) ? records : part }, args.dryRun));
      if (Array.isArray(records)) break;
    }
  }

  const sum = (k) => Object.values(total.collections).reduce((n, s) => n + s[k], 0);
  const rows = [['collection', 'records', args.dryRun ? 'would import' : 'imported', 'already present', 'rejected', 'card fields dropped', 'file links skipped', 'unknown fields']];
  for (const [name, s] of Object.entries(total.collections)) {
    rows.push([name, s.records, s.imported, s.alreadyPresent, s.rejected, s.cardFieldsDropped, s.fileLinksSkipped, Object.entries(s.unknownFields).map(([f, n]) => `${f} (${n})`).join(', ') || '-']);
  }
  rows.push(['total', sum('records'), sum('imported'), sum('alreadyPresent'), sum('rejected'), sum('cardFieldsDropped'), sum('fileLinksSkipped'), '']);
  if (args.dryRun) console.log('Dry run: nothing was written.\n');
  console.log(table(rows));
  const unknown = Object.entries(total.unknownCollections);
  if (unknown.length > 0) console.log(`\nNot imported, unknown collections: ${unknown.map(([n, c]) => `${n} (${c} records)`).join(', ')}`);
  if (total.rejected.length > 0) {
    console.log('\nRejected (the forms\' rules refuse them):');
    for (const r of total.rejected) console.log(`  ${r.collection}/${r.key}: ${Object.entries(r.errors).map(([f, m]) => `${f}: ${m}`).join('; ')}`);
  }
  for (const n of total.skippedFields) console.log(`  note ${n.collection}/${n.key} ${n.field}: ${n.reason}`);
  if (total.skippedFiles.length > 0) console.log(`\n${sum('fileLinksSkipped')} links to the original's storage were not fetched${args.report ? ` (listed in ${args.report})` : ' (--report lists them)'}.`);

  if (args.rejects) {
    const out = {};
    for (const r of total.rejected) (out[r.collection] ??= {})[r.key] = r.data;
    writeFileSync(args.rejects, `${JSON.stringify(out, null, 2)}\n`, { mode: 0o600 });
    console.log(`Rejected records written to ${args.rejects} (personal data: delete it when done).`);
  }
  if (args.report) {
    const report = { ...total, rejected: total.rejected.map(({ data: _data, ...r }) => r), totals: Object.fromEntries(COUNTS.map((k) => [k, sum(k)])) };
    writeFileSync(args.report, `${JSON.stringify(report, null, 2)}\n`, { mode: 0o600 });
  }
  console.log(`\n${args.dryRun ? 'would import' : 'imported'} ${sum('imported')}, already present ${sum('alreadyPresent')}, rejected ${sum('rejected')}, card fields dropped ${sum('cardFieldsDropped')}`);
  return sum('rejected') > 0 ? 2 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
