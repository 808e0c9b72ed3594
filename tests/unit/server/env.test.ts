/**
 * pb_hooks/lib/env.js: settings from the environment, and the jobs' schedules read from it (the outbox's
 * and the retention's). Evaluated as CommonJS in a fresh V8 context with PocketBase's `$os.getenv`
 * supplied, which answers '' for a variable that is not set, as in goja.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

interface Env {
  env(name: string, fallback: string): string;
  cronSetting(name: string, fallback: string): string;
}

const SOURCE_PATH = fileURLToPath(new URL('../../../pb_hooks/lib/env.js', import.meta.url));

function load(vars: Record<string, string>): Env {
  const module = { exports: {} as unknown };
  const $os = { getenv: (name: string) => vars[name] ?? '' };
  vm.runInNewContext(readFileSync(SOURCE_PATH, 'utf8'), { module, exports: module.exports, $os }, { filename: SOURCE_PATH });
  return module.exports as Env;
}

describe('env', () => {
  it('answers the variable, or the fallback when it is unset or empty', () => {
    expect(load({ A: 'x' }).env('A', 'd')).toBe('x');
    expect(load({}).env('A', 'd')).toBe('d');
    expect(load({ A: '' }).env('A', 'd')).toBe('d');
  });
});

describe('cronSetting', () => {
  const DAILY = '35 3 * * *';

  it('is the default when the variable is unset or blank, and the given expression trimmed otherwise', () => {
    expect(load({}).cronSetting('JOB', DAILY)).toBe(DAILY);
    expect(load({ JOB: '   ' }).cronSetting('JOB', DAILY)).toBe(DAILY); // a stray space never pauses a job
    expect(load({ JOB: ' */5 * * * * ' }).cronSetting('JOB', DAILY)).toBe('*/5 * * * *');
  });

  it('is empty (no job) for "off" in any case', () => {
    for (const off of ['off', 'OFF', ' Off ']) expect(load({ JOB: off }).cronSetting('JOB', DAILY)).toBe('');
  });
});
