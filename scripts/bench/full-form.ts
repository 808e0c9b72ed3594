/**
 * Bench helper (run by scripts/bench/run.mjs through tsx, in a process of its own so the copy's
 * generated TypeScript loads as the project's does): the form with every construct, the tax-return
 * fixture (a condition, ten dependents' rows, several files, date limits), generated in a copy of the
 * project, timed as the browser uses it on each change — drop the values the conditions hide (RJSF's
 * retrieveSchema), then validate. Prints one JSON line of figures (µs).
 */
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { copyProject, generateIn } from '../../tests/support/project-copy.ts';

const RUNS = Number(process.argv[2] ?? 2000);
const tree = copyProject({ fixtures: ['taxreturn'] });
try {
  generateIn(tree.root);
  const load = async (path: string) => import(pathToFileURL(join(tree.root, path)).href);
  const form = (await load('src/generated/forms/taxreturn.main.ts')).default as { schema: RJSFSchema; validators: Parameters<typeof createPrecompiledValidator>[0] };
  const { dropHidden } = (await load('src/engine/conditions.ts')) as typeof import('../../src/engine/conditions.ts');
  const validator = createPrecompiledValidator(form.validators, form.schema);
  const inFiveDays = new Date(Date.now() + 5 * 864e5).toISOString().slice(0, 10);
  const dependents = Array.from({ length: 10 }, (_, i) => ({ name: `Dependent ${i + 1}`, birthDate: '2010-01-01', relationship: 'child' }));
  const data = { fullName: 'Aziza Karimova', email: 'aziza@example.com', birthDate: '1980-01-01', filingStatus: 'married', spouseName: 'Bobur Karimov', dependents, w2: ['a.pdf', 'b.pdf'], appointment: inFiveDays, terms: true };
  const check = (values: Record<string, unknown>) => validator.validateFormData(dropHidden(validator, form.schema, values), form.schema);
  const time = (fn: () => unknown) => {
    for (let i = 0; i < 200; i++) fn();
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = process.hrtime.bigint();
      fn();
      samples.push(Number(process.hrtime.bigint() - t) / 1000);
    }
    samples.sort((a, b) => a - b);
    return { median: samples[samples.length >> 1] ?? 0, p95: samples[Math.floor(RUNS * 0.95)] ?? 0 };
  };
  const errors = check(data).errors.length;
  console.log(JSON.stringify({ valid: errors === 0, full: time(() => check(data)), empty: time(() => check({})) }));
} finally {
  tree.remove();
}
