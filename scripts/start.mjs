#!/usr/bin/env node
// `npm start`: the whole product on its embedded defaults, on 127.0.0.1 only.
import { execFileSync, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const pb = join(root, 'bin/pocketbase');
const dataDir = process.env.FORMWORK_DATA_DIR ?? join(root, 'pb_data');
const http = process.env.FORMWORK_HTTP ?? '127.0.0.1:8090';
const dirs = ['--dir', dataDir, '--migrationsDir', join(root, 'pb_migrations'), '--hooksDir', join(root, 'pb_hooks')];

execFileSync('bash', [join(root, 'scripts/install-pocketbase.sh')], { stdio: 'inherit' });
execFileSync(pb, ['migrate', 'up', ...dirs], { stdio: 'inherit' });

// Dev defaults, documented in the README; override them with the environment.
const admin = {
  email: process.env.FORMWORK_ADMIN_EMAIL ?? 'admin@formwork.local',
  password: process.env.FORMWORK_ADMIN_PASSWORD ?? 'formwork-admin',
};
execFileSync(pb, ['superuser', 'upsert', admin.email, admin.password, ...dirs], { stdio: 'ignore' });

console.log(`\nFormwork is starting on http://${http}`);
console.log(`  PocketBase dashboard: http://${http}/_/  (${admin.email} / ${admin.password})\n`);
const server = spawn(pb, ['serve', '--http', http, '--automigrate=false', ...dirs], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
