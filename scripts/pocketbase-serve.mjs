// Flags every `pocketbase serve` of this project gets: `npm start` and the test harness (so the tests and
// the benchmark run the server as it ships).
//
// The hooks run in a pool of JS runtimes (goja), and an API request holds two of them while it runs:
// one for the security-header middleware (pb_hooks/security.pb.js, which wraps the whole request) and
// one for the record hook inside it. When all are busy, PocketBase builds a throw-away runtime for the
// call, which must load the hooks' modules (the generated validators, the e-mail templates) again. At
// PocketBase's default of 15, eight submissions in flight already run out: 70 throw-away runtimes per
// ~900 submissions, ~1.5 ms of CPU per submission on average (docs/performance.md, section 2). An idle
// runtime costs little memory; one that has loaded the hooks' modules a few MB.
export const DEFAULT_HOOKS_POOL = 40;

/** `--hooksPool N`: FORMWORK_HOOKS_POOL, else the default above; anything but a positive integer is refused. */
export function serveFlags(env = process.env) {
  const raw = env.FORMWORK_HOOKS_POOL ?? String(DEFAULT_HOOKS_POOL);
  if (!/^[1-9]\d{0,3}$/.test(raw)) throw new Error(`FORMWORK_HOOKS_POOL must be a positive integer, not "${raw}"`);
  return ['--hooksPool', raw];
}
