#!/usr/bin/env node
// `npm run bench`: prints performance figures for Formwork in one run (never asserted in tests).
// See docs/performance.md for what each figure means.
//
//   node scripts/bench/run.mjs [--build] [--out=DIR] [--only=bundle,submit,validate,generate,list,lighthouse,capacity,studio] [--n=200] [--concurrency=8]
//
//   --build          rebuild dist/ (npm run build: Vite's build plus the prerendered pages) even if it exists
//   --out=DIR        serve (and with --build, or when missing, build into) DIR instead of dist/ (sections 1 and 6)
//   --only=…         run only some sections (comma separated; capacity: section 7, docs/capacity.md)
//   --n, --concurrency   submissions per server (default 1000) and parallel requests (default 8) (section 2)
//   --runs           validations per validator (section 3, default 2000)
//   --sizes          staff-list sizes in records (section 5, default 1000,100000)
//   --lh-runs        Lighthouse runs per page (section 6, default 3; the median performance is printed)
//   --lh-save=DIR    also write each page's median Lighthouse run as JSON, and its trace, into DIR (section 6)
//
// Everything runs on 127.0.0.1; every PocketBase, the browser and every temp dir is removed at the end.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { register } from 'tsx/esm/api';
import { benchLighthouse } from './lighthouse.mjs';
import { benchList } from './list.mjs';
import { benchCapacity } from './capacity.mjs';
import { builtFile, jsByPackage } from './packages.mjs';

register(); // lets this plain ESM script import the project's TypeScript (tests/support, generator, src)

const ROOT = resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const opt = (name, dflt) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : dflt;
};
const SECTIONS = 'bundle,submit,validate,generate,list,lighthouse,capacity,studio';
const ONLY = opt('only', SECTIONS).split(',');
const N = Number(opt('n', '1000'));
const CONCURRENCY = Number(opt('concurrency', '8'));
const RUNS = Number(opt('runs', '2000'));
const SIZES = opt('sizes', '1000,100000').split(',').map(Number);
const LH_RUNS = Number(opt('lh-runs', '3'));
// The built site that sections 1 and 6 serve: dist/ unless --out (or FORMWORK_E2E_OUT, as the e2e tests
// use) names another dir, so a bench can build its own copy while someone else rebuilds dist/.
const OUT = resolve(opt('out', process.env.FORMWORK_E2E_OUT ?? join(ROOT, 'dist')));
process.env.FORMWORK_E2E_OUT = OUT; // read by tests/support/site.ts when it is first imported

const ts = (p) => import(pathToFileURL(join(ROOT, p)).href);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (x) => `${x.toFixed(0)} ms`;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const cleanups = [];
const rows = []; // the summary table: [figure, value, target, verdict]
const started = performance.now();

function table(title, header, body) {
  const all = [header, ...body].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => `  ${r.map((c, i) => c.padEnd(widths[i])).join('  ')}`;
  console.log(`\n${title}`);
  console.log(line(all[0]));
  console.log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of all.slice(1)) console.log(line(r));
}

// ---------------------------------------------------------------------------------------------------
// 1. All JS and CSS (gzip) a route loads, as chromium loads it from the built site.
// ---------------------------------------------------------------------------------------------------
let built = false;
/** Builds the site into OUT once per bench run if --build asks for it or it is missing. */
function ensureBuilt() {
  if (built || (!flag('build') && existsSync(join(OUT, 'index.html')))) return;
  const t = performance.now();
  execFileSync('node', ['scripts/build-site.mjs', `--outDir=${OUT}`], { cwd: ROOT, stdio: 'inherit' });
  built = true;
  console.log(`built ${OUT} in ${ms(performance.now() - t)}`);
}

async function benchBundle() {
  ensureBuilt();
  const { startSite } = await ts('tests/support/site.ts');
  const { launchBrowser, label } = await ts('tests/support/browser.ts');
  const { createStaff } = await ts('tests/support/staff.ts');
  const site = await startSite();
  cleanups.push(() => site.stop());
  const browser = await launchBrowser();
  cleanups.push(() => browser.close());

  /** Loads a route in a fresh context (cold cache) and sums gzip sizes of every JS and CSS response. */
  async function measure(route, { storageState, waitFor } = {}) {
    const context = await browser.newContext({ storageState });
    const page = await context.newPage();
    const assets = new Map(); // url → { kind, raw, gz }
    const pending = new Set();
    let last = performance.now();
    page.on('response', (res) => {
      const type = res.request().resourceType();
      const url = res.url();
      const kind = type === 'script' || /\.m?js(\?|$)/.test(url) ? 'js' : type === 'stylesheet' || /\.css(\?|$)/.test(url) ? 'css' : null;
      if (!kind || assets.has(url)) return;
      last = performance.now();
      const p = res
        .body()
        .then((body) => assets.set(url, { kind, raw: body.length, gz: gzipSync(body, { level: 9 }).length }))
        .catch(() => {})
        .finally(() => {
          pending.delete(p);
          last = performance.now();
        });
      pending.add(p);
    });
    page.on('request', () => (last = performance.now()));
    await page.goto(`${site.url}${route}`, { waitUntil: 'load' });
    if (waitFor) await waitFor(page);
    // "Network idle" for our purpose: no request for 1 s and no JS/CSS body still being read (max 15 s).
    const idle = async () => {
      const deadline = performance.now() + 15_000;
      while (performance.now() < deadline && (pending.size || performance.now() - last < 1000)) await new Promise((r) => setTimeout(r, 100));
    };
    await idle();
    const finalPath = new URL(page.url()).pathname;
    const sum = (kind, key) => [...assets.values()].filter((a) => a.kind === kind).reduce((s, a) => s + a[key], 0);
    const result = {
      route,
      finalPath,
      jsFiles: [...assets.values()].filter((a) => a.kind === 'js').length,
      cssFiles: [...assets.values()].filter((a) => a.kind === 'css').length,
      js: sum('js', 'gz'),
      css: sum('css', 'gz'),
      jsRaw: sum('js', 'raw'),
      cssRaw: sum('css', 'raw'),
      top: [...assets]
        .filter(([, a]) => a.kind === 'js')
        .sort(([, x], [, y]) => y.gz - x.gz)
        .slice(0, 3)
        .map(([url, a]) => `${new URL(url).pathname.split('/').pop().replace(/-[\w-]{8}\.js$/, '.js')} ${kb(a.gz)}`),
      packages: jsByPackage([...assets].filter(([, a]) => a.kind === 'js').map(([url]) => builtFile(OUT, url)))
        .slice(0, 8)
        .map(([pkg, gz]) => `${pkg} ${kb(gz)}`),
    };
    return { result, page, context };
  }

  const out = [];
  // The form's code comes with the page: waiting for its send button and first input, then for the network
  // to rest, counts every chunk the form route loads (the form's own code, its texts' module, its validators).
  const applicant = await measure('/creditrepair', {
    waitFor: async (p) => {
      await p.locator('form button[type="submit"]').waitFor({ timeout: 15_000 });
      await p.locator('form input:not([type="hidden"])').first().waitFor({ timeout: 15_000 });
    },
  });
  out.push({ what: 'applicant form', ...applicant.result });
  await applicant.context.close();

  const signIn = await measure('/creditapps', { waitFor: (p) => p.waitForURL(/\/staff\/sign-in/, { timeout: 15_000 }) });
  out.push({ what: 'staff list, signed out (sign-in page)', ...signIn.result });
  // Sign in through the UI on that page, then keep only the session (localStorage) for a cold load.
  const staff = await createStaff(site, 'viewer', 'bench-staff@formwork.test');
  const page = signIn.page;
  await page.getByLabel(label('E-mail')).fill(staff.email);
  await page.getByLabel(label('Password')).fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/creditapps', { timeout: 15_000 });
  const storageState = await signIn.context.storageState();
  await signIn.context.close();

  const list = await measure('/creditapps', {
    storageState,
    waitFor: (p) => p.getByRole('heading').first().waitFor({ timeout: 15_000 }),
  });
  out.push({ what: 'staff list, signed in (cold cache)', ...list.result });
  await list.context.close();

  table(
    '1. JS + CSS a route loads (gzip -9 of response bodies, fresh browser context, until 1 s without requests)',
    ['page', 'route → landed on', 'JS gzip', 'JS raw', 'files', 'CSS gzip', 'CSS raw', 'files'],
    out.map((r) => [r.what, `${r.route} → ${r.finalPath}`, kb(r.js), kb(r.jsRaw), r.jsFiles, kb(r.css), kb(r.cssRaw), r.cssFiles]),
  );
  for (const r of out) console.log(`  largest JS, ${r.what}: ${r.top.join(', ')}`);
  // By source map, each package's code gzipped on its own (scripts/bench/packages.mjs).
  for (const r of out) console.log(`  largest packages, ${r.what}: ${r.packages.join(', ')}`);
  const a = out[0];
  rows.push(['form page JS gzip (all chunks the form route loads)', kb(a.js), '≤ 200 KB', a.js <= 200 * 1024 ? 'met' : 'NOT met']);
  rows.push(['applicant /creditrepair CSS gzip', kb(a.css), '-', '']);
  rows.push(['staff sign-in page JS + CSS gzip', `${kb(out[1].js)} + ${kb(out[1].css)}`, '-', '']);
  rows.push(['staff list /creditapps JS + CSS gzip', `${kb(out[2].js)} + ${kb(out[2].css)}`, '-', '']);
  await browser.close();
  await site.stop();
}

// ---------------------------------------------------------------------------------------------------
// 2. Submit throughput: our submit route (every promised check on) vs raw PocketBase record creation of
//    the same payload; then the latency of a burst of 50 submissions with a 1 MB file each.
// ---------------------------------------------------------------------------------------------------
async function benchSubmit() {
  const { startPocketBase } = await ts('tests/support/pocketbase.ts');
  const { formData, pngFile, PNG_BYTES, signed, validCreditRepair } = await ts('tests/support/fixtures.ts');
  const { solvedProof } = await ts('tests/support/proofOfWork.ts');
  const { superuserClient } = await ts('tests/support/staff.ts');
  const { submitUrl } = await ts('src/engine/submit.ts');
  const COLLECTION = 'creditrepairnew';
  // As the form sends it: credit repair is signed (its agreements), so an unsigned body is refused.
  const payload = { ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en' };
  // Ours: the one submit route. Raw: PocketBase's own create of a record in the same collection.
  const pathOf = (raw) => (raw ? `/api/collections/${COLLECTION}/records` : submitUrl(COLLECTION));

  // `proofs`: solved proofs of work, one per submission (ours checks them; raw PocketBase has no check).
  async function run(url, count, proofs) {
    let ok = 0;
    const failures = new Map();
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next++;
        // As the form sends it, to both servers: a new idempotency key per application (src/engine/idempotency.ts).
        const fields = { ...payload, idempotencyKey: crypto.randomUUID(), ...(proofs ? { proof: proofs.pop() } : {}) };
        const body = formData(fields, { stateId: pngFile() });
        const res = await fetch(`${url}${pathOf(!proofs)}`, { method: 'POST', body });
        if (res.status === 200) ok++;
        else failures.set(res.status, `${(await res.text()).slice(0, 200)}`);
        if (res.bodyUsed === false) await res.arrayBuffer();
      }
    };
    const t = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - t) / 1000;
    return { ok, failures, seconds, rps: count / seconds };
  }

  // The server's CPU time (user + system) from Linux's /proc, in ms; null elsewhere. Steadier than
  // requests/s when the machine is shared: what another process takes from the cores does not count.
  const ticksPerSecond = (() => {
    const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
    return Number(out.stdout) || 100;
  })();
  function cpuMs(pid) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
    } catch {
      return null;
    }
  }

  /**
   * The probe's case (issue 29, finding 4): four 30 MB text fields sent at once, which each cost ~40 s of
   * server CPU before the body caps. Each is now refused by the route's body cap from its length, before
   * the body is read.
   */
  async function oversizedBodies(pb) {
    const { rawPost } = await ts('tests/support/rawPost.ts');
    const body = Buffer.from(JSON.stringify({ ...payload, firstName: 'x'.repeat(30 << 20) }));
    const cpuBefore = cpuMs(pb.pid);
    const t = performance.now();
    const statuses = await Promise.all(Array.from({ length: 4 }, () => rawPost(pb.url, submitUrl(COLLECTION), 'application/json', body)));
    return { statuses, wallMs: performance.now() - t, cpuMs: cpuBefore === null ? null : cpuMs(pb.pid) - cpuBefore };
  }
  /**
   * A burst: BURST clients each send one application with a 1 MB ID photo at the same instant (the
   * bodies are built first). Returns each request's latency (ms), from send to the whole answer.
   */
  const BURST = 50;
  const BURSTS = 3;
  const photo = () => new File([PNG_BYTES, new Uint8Array((1 << 20) - PNG_BYTES.length)], 'id.png', { type: 'image/png' });
  async function burst(url, proofs) {
    // Encoded before the clock starts: the load generator shares the cores, and its multipart encoding is no server cost.
    const bodies = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const encoded = new Response(formData({ ...payload, idempotencyKey: crypto.randomUUID(), ...(proofs ? { proof: proofs.pop() } : {}) }, { stateId: photo() }));
        return { type: encoded.headers.get('content-type'), bytes: new Uint8Array(await encoded.arrayBuffer()) };
      }),
    );
    return Promise.all(
      bodies.map(async ({ type, bytes }) => {
        const t = performance.now();
        const res = await fetch(`${url}${pathOf(!proofs)}`, { method: 'POST', headers: { 'content-type': type }, body: bytes });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`burst: ${res.status}`);
        return performance.now() - t;
      }),
    );
  }
  let oversized;

  async function start(options) {
    // One retry: on a busy machine PocketBase has been seen to miss the 30 s health deadline.
    const pb = await startPocketBase(options).catch((err) => {
      console.warn(`  ! PocketBase did not start (${String(err.message).split('\n')[0]}); retrying once`);
      return startPocketBase(options);
    });
    cleanups.push(() => pb.stop());
    return pb;
  }

  const emptyHooks = mkdtempSync(join(tmpdir(), 'formwork-bench-nohooks-'));
  cleanups.push(() => rmSync(emptyHooks, { recursive: true, force: true }));
  // Two servers, each on its own fresh data dir with the same migrations (so the same collection):
  // raw PocketBase with an empty hooks dir, and ours. They are hit in alternating rounds, so a change
  // in the machine's load during the run falls on both alike.
  const rawPb = await start({ hooksDir: emptyHooks });
  // The record API takes no public create on a service collection (createRule null): raw PocketBase's gets
  // the open rule it had before the submit route, so its figure is a guest's plain create.
  await (await superuserClient(rawPb)).collections.update(COLLECTION, { createRule: '' });
  // The proof of work on, at a low difficulty: the server's check (one SHA-256, one HMAC, one indexed
  // look-up) costs the same at any, and every proof is solved before the timed rounds. The outbox's job at
  // its default schedule, as served (the test harness turns it off).
  // The per-address limit on too, at a count this one address never reaches, so its check runs in full.
  const oursPb = await start({ env: { FORMWORK_POW: 'on', FORMWORK_POW_MAX: '1000', FORMWORK_OUTBOX_CRON: '', FORMWORK_RATE_LIMITS: 'on', FORMWORK_RATE_LIMIT_CREATE: '1000000' } });
  const ROUNDS = 5;
  const per = Math.ceil(N / ROUNDS);
  const proofs = [];
  for (let i = 0; i < 20 + per * ROUNDS; i += 50) {
    proofs.push(...(await Promise.all(Array.from({ length: Math.min(50, 20 + per * ROUNDS - i) }, () => solvedProof(oursPb.url, COLLECTION)))));
  }
  const burstProofs = [];
  for (let i = 0; i < BURSTS * BURST; i += 50) burstProofs.push(...(await Promise.all(Array.from({ length: 50 }, () => solvedProof(oursPb.url, COLLECTION)))));
  const bursts = { raw: [], ours: [] };
  const total = {
    raw: { ok: 0, seconds: 0, cpu: 0, failures: new Map(), rounds: [] },
    ours: { ok: 0, seconds: 0, cpu: 0, failures: new Map(), rounds: [] },
  };
  try {
    await run(rawPb.url, 20); // warm-up: JS VMs of the hooks, SQLite pages, connection pool
    await run(oursPb.url, 20, proofs);
    for (let r = 0; r < ROUNDS; r++) {
      for (const [name, pb] of [['raw', rawPb], ['ours', oursPb]]) {
        const cpuBefore = cpuMs(pb.pid);
        const res = await run(pb.url, per, name === 'ours' ? proofs : undefined);
        const cpuAfter = cpuMs(pb.pid);
        total[name].cpu = cpuBefore === null || cpuAfter === null || total[name].cpu === null ? null : total[name].cpu + (cpuAfter - cpuBefore);
        total[name].ok += res.ok;
        total[name].seconds += res.seconds;
        total[name].rounds.push(res.rps);
        for (const [k, v] of res.failures) total[name].failures.set(k, v);
      }
    }
    for (let b = 0; b < BURSTS; b++) {
      for (const [name, pb] of [['raw', rawPb], ['ours', oursPb]]) bursts[name].push(...(await burst(pb.url, name === 'ours' ? burstProofs : undefined)));
    }
    oversized = await oversizedBodies(oursPb);
  } finally {
    await rawPb.stop();
    await oursPb.stop();
  }
  const count = per * ROUNDS;
  const raw = { ...total.raw, rps: count / total.raw.seconds };
  const ours = { ...total.ours, rps: count / total.ours.seconds };
  for (const [name, r] of [['raw', raw], ['ours', ours]]) {
    if (r.ok !== count) console.warn(`  ! ${name}: ${count - r.ok} of ${count} submissions failed: ${[...r.failures].map(([s, b]) => `${s} ${b}`).join('; ')}`);
  }
  const ratio = ours.rps / raw.rps;
  const cpuPer = (r) => (r.cpu === null ? 'n/a' : `${(r.cpu / count).toFixed(2)} ms`);
  const roundRatios = ours.rounds.map((o, i) => o / raw.rounds[i]);
  table(
    `2. Submit throughput: ${count} multipart credit-repair submissions with a 1×1 PNG per server, ${CONCURRENCY} at a time, loopback, ${ROUNDS} alternating rounds (after 20 warm-up)`,
    ['server', 'ok', 'time', 'requests/s', 'per round', 'server CPU / request'],
    [
      ['raw PocketBase (same migrations, empty --hooksDir)', `${raw.ok}/${count}`, `${raw.seconds.toFixed(2)} s`, raw.rps.toFixed(1), raw.rounds.map((x) => x.toFixed(0)).join(' '), cpuPer(raw)],
      ['Formwork (POST /api/formwork/submit: body cap, idempotency, rate limit, proof of work, validation, signatures, outbox)', `${ours.ok}/${count}`, `${ours.seconds.toFixed(2)} s`, ours.rps.toFixed(1), ours.rounds.map((x) => x.toFixed(0)).join(' '), cpuPer(ours)],
      ['ratio ours / raw', '', '', ratio.toFixed(2), roundRatios.map((x) => x.toFixed(2)).join(' '), ''],
    ],
  );
  rows.push(['submit req/s ours vs raw', `${ours.rps.toFixed(1)} vs ${raw.rps.toFixed(1)}`, '-', '']);
  // A refused request is cheap, so a ratio over failed submissions would flatter us: it counts as unmeasured.
  const valid = raw.ok === count && ours.ok === count;
  rows.push(['submit throughput ratio', ratio.toFixed(2), '≥ 0.5', !valid ? 'NOT measured (failures)' : ratio >= 0.5 ? 'met' : 'NOT met']);
  if (raw.cpu !== null && ours.cpu !== null) rows.push(['submit server CPU per request ours vs raw', `${cpuPer(ours)} vs ${cpuPer(raw)}`, '-', '']);
  const pct = (xs, p) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  };
  table(
    `2a. A burst of ${BURST} credit-repair submissions at once, each with a 1 MB ID photo, ${BURSTS} bursts per server (latency from send to the whole answer)`,
    ['server', 'requests', 'p50', 'p95', 'max'],
    [
      ['raw PocketBase', bursts.raw.length, ms(pct(bursts.raw, 50)), ms(pct(bursts.raw, 95)), ms(Math.max(...bursts.raw))],
      ['Formwork (submit route)', bursts.ours.length, ms(pct(bursts.ours, 50)), ms(pct(bursts.ours, 95)), ms(Math.max(...bursts.ours))],
    ],
  );
  const p95 = pct(bursts.ours, 95);
  rows.push([`submit p95, burst of ${BURST} with a 1 MB file`, ms(p95), '≤ 300 ms', p95 <= 300 ? 'met' : 'NOT met']);
  if (oversized) {
    const cpu = oversized.cpuMs === null ? 'n/a' : `${Math.round(oversized.cpuMs)} ms CPU`;
    console.log(`\n2b. Four 30 MB text fields at once (issue 29.4): answered ${oversized.statuses.join(', ')} in ${Math.round(oversized.wallMs)} ms, ${cpu} in all`);
    rows.push(['four 30 MB text fields at once', `${oversized.statuses.join('/')}, ${cpu}`, 'refused (was ~40 s CPU each)', oversized.statuses.every((x) => x === 413) ? 'met' : 'NOT met']);
  }
}

// ---------------------------------------------------------------------------------------------------
// 3. Validation time of the largest form: @rjsf/validator-ajv8 (as shipped) vs the precompiled AJV.
// ---------------------------------------------------------------------------------------------------
async function benchValidate() {
  const dir = join(ROOT, 'src/generated/forms');
  let largest = null;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.validate.ts') && !f.endsWith('.types.ts'))) {
    const form = (await ts(`src/generated/forms/${file}`)).default;
    const count = Object.keys(form.schema.properties ?? {}).length;
    if (!largest || count > largest.count) largest = { file, form, count };
  }
  const { form, file, count } = largest;
  const key = file.replace(/\.ts$/, '').replace('.', '/'); // student.full.ts → student/full
  // Valid data, typed as the form holds it: every property filled (optional ones too).
  const { sampleValue } = await ts('tests/support/samples.ts');
  const data = {};
  for (const [name, prop] of Object.entries(form.schema.properties)) {
    if (form.traits[name]?.file) data[name] = 'sample.png';
    else if (prop.type === 'boolean') data[name] = prop.const ?? true;
    else if (prop.type === 'number' || prop.type === 'integer') data[name] = Number(prop.examples?.[0] ?? prop.const ?? prop.enum?.[0] ?? prop.minimum ?? 1);
    else data[name] = sampleValue(prop);
  }

  const rjsf = (await import('@rjsf/validator-ajv8')).default;
  // What the browser ships: the generator's per-form functions behind RJSF's precompiled validator.
  const { createPrecompiledValidator } = await import('@rjsf/validator-ajv8');
  const shipped = createPrecompiledValidator(form.validators, form.schema);
  const tmp = mkdtempSync(join(tmpdir(), 'formwork-bench-validators-'));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  const cjs = join(tmp, 'validators.cjs');
  cpSync(join(ROOT, 'pb_hooks/generated/validators.js'), cjs);
  const precompiled = createRequire(import.meta.url)(cjs)[key];
  if (typeof precompiled !== 'function') throw new Error(`no precompiled validator ${key}`);

  const rjsfErrors = rjsf.validateFormData(data, form.schema).errors; // also compiles and caches the schema
  const shippedErrors = shipped.validateFormData(data, form.schema).errors;
  const preValid = precompiled(data);
  if (rjsfErrors.length || shippedErrors.length || !preValid) {
    console.warn(`  ! sample data is not valid: rjsf ${JSON.stringify(rjsfErrors.slice(0, 3))}; precompiled ${JSON.stringify(precompiled.errors?.slice(0, 3))}`);
  }
  const time = (fn) => {
    for (let i = 0; i < 200; i++) fn(); // warm-up
    const samples = new Array(RUNS);
    for (let i = 0; i < RUNS; i++) {
      const t = process.hrtime.bigint();
      fn();
      samples[i] = Number(process.hrtime.bigint() - t) / 1000;
    }
    return { median: median(samples), p95: [...samples].sort((a, b) => a - b)[Math.floor(RUNS * 0.95)] };
  };
  const s = time(() => shipped.validateFormData(data, form.schema));
  const r = time(() => rjsf.validateFormData(data, form.schema));
  const p = time(() => precompiled(data));
  // The other path a user meets: submitting the empty form (every required field missing).
  const sEmpty = time(() => shipped.validateFormData({}, form.schema));
  const rEmpty = time(() => rjsf.validateFormData({}, form.schema));
  const pEmpty = time(() => precompiled({}));
  table(
    `3. Validation of the largest form, ${key} (${count} properties), valid data, ${RUNS} runs each`,
    ['validator', 'median', 'p95', 'valid?'],
    [
      ['browser, as shipped: RJSF precompiled validator (src/generated/forms/*.validate.ts)', `${s.median.toFixed(1)} µs`, `${s.p95.toFixed(1)} µs`, shippedErrors.length ? 'NO' : 'yes'],
      ['@rjsf/validator-ajv8 validateFormData (AJV compiling in the browser, before)', `${r.median.toFixed(1)} µs`, `${r.p95.toFixed(1)} µs`, rjsfErrors.length ? 'NO' : 'yes'],
      ['precompiled AJV (pb_hooks/generated/validators.js)', `${p.median.toFixed(1)} µs`, `${p.p95.toFixed(1)} µs`, preValid ? 'yes' : 'NO'],
      ['browser as shipped, empty form {} (all errors)', `${sEmpty.median.toFixed(1)} µs`, `${sEmpty.p95.toFixed(1)} µs`, 'no (expected)'],
      ['@rjsf/validator-ajv8, empty form {} (all errors)', `${rEmpty.median.toFixed(1)} µs`, `${rEmpty.p95.toFixed(1)} µs`, 'no (expected)'],
      ['precompiled AJV, empty form {}', `${pEmpty.median.toFixed(1)} µs`, `${pEmpty.p95.toFixed(1)} µs`, 'no (expected)'],
    ],
  );
  rows.push([`validate ${key} browser / server (median)`, `${s.median.toFixed(1)} µs / ${p.median.toFixed(1)} µs`, '-', '']);
  await benchValidateFullForm();
}

/** The tax-return fixture, every construct at once (scripts/bench/full-form.ts, in a process of its own). */
async function benchValidateFullForm() {
  const run = spawnSync('npx', ['tsx', 'scripts/bench/full-form.ts', String(RUNS)], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`full-form bench failed: ${run.stderr}`);
  const { valid, full, empty } = JSON.parse(run.stdout.trim().split('\n').pop());
  table(
    `3b. The tax-return fixture (a condition, 10 rows, several files, date limits): hidden values dropped, then validated, ${RUNS} runs each`,
    ['data', 'median', 'p95', 'valid?'],
    [
      ['married, 10 dependents, 2 W-2 files', `${full.median.toFixed(1)} µs`, `${full.p95.toFixed(1)} µs`, valid ? 'yes' : 'NO'],
      ['empty form {} (all errors)', `${empty.median.toFixed(1)} µs`, `${empty.p95.toFixed(1)} µs`, 'no (expected)'],
    ],
  );
  rows.push(['validate the tax-return fixture in the browser (median)', `${full.median.toFixed(1)} µs`, '≤ 1 ms', full.median < 1000 ? 'met' : 'NOT met']);
}

// ---------------------------------------------------------------------------------------------------
// 4. Generator run time: the real schemas, and the real schemas plus 50 copies of a fixture service.
// ---------------------------------------------------------------------------------------------------
async function benchGenerate() {
  // The CLI as a developer runs it (process start + tsx + generate + compare), wall clock.
  let t = performance.now();
  const check = spawnSync('npx', ['tsx', 'generator/cli.ts', 'check'], { cwd: ROOT, encoding: 'utf8' });
  const cliMs = performance.now() - t;
  if (check.status !== 0) console.warn(`  ! generate:check exited ${check.status}: ${(check.stderr || '').split('\n').slice(0, 3).join(' ')}`);

  const { generate } = await ts('generator/pipeline.ts');
  const { copySchemas } = await ts('tests/support/schemas-copy.ts');
  t = performance.now();
  const first = await generate({ root: ROOT });
  const firstMs = performance.now() - t;
  const real = [];
  for (let i = 0; i < 3; i++) {
    t = performance.now();
    await generate({ root: ROOT });
    real.push(performance.now() - t);
  }

  const COPIES = 50;
  const copy = copySchemas();
  cleanups.push(() => rmSync(copy.root, { recursive: true, force: true }));
  // The project's own migrations come along, so only the 50 new collections need one (as when adding them).
  cpSync(join(ROOT, 'pb_migrations'), copy.migrationsDir, { recursive: true });
  const fixture = join(ROOT, 'tests/fixtures/services/petition');
  for (let i = 1; i <= COPIES; i++) {
    const id = `petition${i}`;
    cpSync(fixture, join(copy.schemasDir, 'services', id), { recursive: true });
    copy.edit(`services/${id}/service.json`, (s) => {
      s.id = id;
      s.collection = `petitions${i}`;
      s.forms = s.forms.map((f) => ({ ...f, route: `${f.route}-${i}` }));
      if (s.admin) s.admin.route = `${s.admin.route}-${i}`;
      if (s.trash) s.trash.topic = `${s.trash.topic}-${i}`;
    });
  }
  const big = [];
  let bigResult;
  for (let i = 0; i < 2; i++) {
    t = performance.now();
    bigResult = await generate({ root: copy.root, schemasDir: copy.schemasDir, migrationsDir: copy.migrationsDir });
    big.push(performance.now() - t);
  }
  const services = (r) => readdirSync(r).length;
  table(
    '4. Generator run time',
    ['run', 'services', 'files + migrations', 'time'],
    [
      ['`npx tsx generator/cli.ts check` (wall, incl. process + tsx start)', services(join(ROOT, 'schemas/services')), `${first.files.size} + ${first.migrations.length}`, ms(cliMs)],
      ['generate() real schemas, first call in process', services(join(ROOT, 'schemas/services')), `${first.files.size} + ${first.migrations.length}`, ms(firstMs)],
      ['generate() real schemas, median of 3 warm', '', '', ms(median(real))],
      [`generate() real + ${COPIES} petition copies, median of 2 warm`, services(join(copy.schemasDir, 'services')), `${bigResult.files.size} + ${bigResult.migrations.length}`, ms(median(big))],
    ],
  );
  rows.push(['generate real schemas (warm / CLI wall)', `${ms(median(real))} / ${ms(cliMs)}`, '-', '']);
  rows.push([`generate + ${COPIES} fixture services (warm)`, ms(median(big)), '-', '']);
}

// ---------------------------------------------------------------------------------------------------
// 5. Staff list: the console's first page vs the original's whole collection, and the work queue's server
//    time (the table's first page, an application's page) against its 100 ms budget, at 1k and 100k records.
// ---------------------------------------------------------------------------------------------------
async function benchListSection() {
  await benchList({ root: ROOT, ts, table, rows, cleanups, kb, ms, median, sizes: SIZES });
}

// ---------------------------------------------------------------------------------------------------
// 6. Lighthouse (mobile) performance and accessibility of two applicant forms and a staff list.
// ---------------------------------------------------------------------------------------------------
async function benchLighthouseSection() {
  ensureBuilt();
  await benchLighthouse({ ts, table, rows, cleanups, median, runs: LH_RUNS, save: opt('lh-save') && resolve(opt('lh-save')) });
}

// ---------------------------------------------------------------------------------------------------
// 7. Capacity: sustained submissions per day at p95 ≤ 300 ms, and storage per 10k applications (docs/capacity.md).
// ---------------------------------------------------------------------------------------------------
async function benchCapacitySection() {
  await benchCapacity({ ts, table, rows, cleanups, ms });
}

// ---------------------------------------------------------------------------------------------------
// 8. The studio's live preview: an edit to the moment it is on screen in the preview (issue 35: < 1 s).
// ---------------------------------------------------------------------------------------------------
function benchStudioSection() {
  const run = spawnSync('npx', ['tsx', 'scripts/bench/studio-preview.mts', '--edits=8'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(run.stdout);
  const median = /median (\d+) ms, max (\d+) ms/.exec(run.stdout);
  if (run.status !== 0 || !median) throw new Error(`the studio preview bench failed (exit ${run.status})`);
  const ms = Number(median[1]);
  rows.push(['studio: edit → visible in the preview (median of 8)', `${ms} ms (max ${median[2]} ms)`, '< 1000 ms', ms < 1000 ? 'met' : 'NOT met']);
}

const sections = { bundle: benchBundle, submit: benchSubmit, validate: benchValidate, generate: benchGenerate, list: benchListSection, lighthouse: benchLighthouseSection, capacity: benchCapacitySection, studio: benchStudioSection };
let failed = false;
try {
  console.log(`Formwork bench — ${new Date().toISOString()} — ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
  console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (figures are only comparable on an otherwise idle machine)`);
  for (const name of ONLY) {
    if (!sections[name]) throw new Error(`unknown section ${name} (${SECTIONS})`);
    const t = performance.now();
    try {
      await sections[name]();
    } catch (err) {
      failed = true;
      console.error(`\n${name} failed:`, err);
    }
    console.log(`  (${name}: ${ms(performance.now() - t)})`);
  }
} finally {
  for (const fn of cleanups.reverse()) await Promise.resolve().then(fn).catch(() => {});
}
table('Summary', ['figure', 'value', 'target', ''], rows);
console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
