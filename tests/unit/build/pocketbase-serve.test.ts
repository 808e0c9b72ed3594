import { describe, expect, it } from 'vitest';
import { DEFAULT_HOOKS_POOL, serveFlags } from '../../../scripts/pocketbase-serve.mjs';

describe('serveFlags (the flags of every `pocketbase serve`)', () => {
  it('sizes the hooks pool for two runtimes per request in flight by default', () => {
    expect(serveFlags({})).toEqual(['--hooksPool', String(DEFAULT_HOOKS_POOL)]);
    // PocketBase's own default is 15: eight submissions in flight hold 16.
    expect(DEFAULT_HOOKS_POOL).toBeGreaterThanOrEqual(2 * 8 + 8);
  });

  it('takes FORMWORK_HOOKS_POOL', () => {
    expect(serveFlags({ FORMWORK_HOOKS_POOL: '64' })).toEqual(['--hooksPool', '64']);
  });

  it.each(['0', '-3', 'forty', '12.5', '', '99999'])('refuses FORMWORK_HOOKS_POOL=%j rather than start with a pool PocketBase would misread', (value) => {
    expect(() => serveFlags({ FORMWORK_HOOKS_POOL: value })).toThrow(/FORMWORK_HOOKS_POOL must be a positive integer/);
  });
});
