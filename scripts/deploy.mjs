#!/usr/bin/env node
// `npm run deploy`: the one way a schema change (or any change of the site, hooks or migrations) reaches
// the server `npm start` runs. It asks that server (SIGHUP) to build the site, take a new release, stop,
// apply the release's migrations and serve it (scripts/start.mjs), waits for the answer and exits 0 if it
// is served, 1 if not. With no server running there is nothing to do: `npm start` serves the checkout as
// it is when it starts. docs/operations.md, "Deploying a schema change".
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { deployRequestFile, deployResultFile, readJson, releasesDir, serverFile, writeJson } from './release.mjs';

const root = resolve(import.meta.dirname, '..');
const releases = releasesDir(root);
const running = readJson(serverFile(releases));
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

if (!running || !alive(running.pid)) {
  console.log('No server is running (started by `npm start` from this checkout): nothing to deploy to. `npm start` serves the checkout as it is when it starts.');
  process.exit(0);
}
const id = randomBytes(8).toString('hex');
writeJson(deployRequestFile(releases), { id });
console.log(`Deploying to the server of \`npm start\` (pid ${running.pid}): build, migrations, restart; its output shows each step.`);
process.kill(running.pid, 'SIGHUP');
const deadline = Date.now() + Number(process.env.FORMWORK_DEPLOY_TIMEOUT_MS ?? 600_000);
while (Date.now() < deadline) {
  const result = readJson(deployResultFile(releases));
  if (result?.id === id) {
    console.log(result.ok ? `Deployed: ${result.message}.` : `Not deployed: ${result.message}.`);
    process.exit(result.ok ? 0 : 1);
  }
  if (!alive(running.pid)) break;
  await new Promise((r) => setTimeout(r, 200));
}
console.error('No answer from the server: see its output.');
process.exit(1);
