import { describe, expect, it } from 'vitest';
import { DEFAULT_HOOKS_POOL, serveFlags } from '../../../scripts/pocketbase-serve.mjs';

describe('serveFlags (the flags of every `pocketbase serve`)', () => {
  it('sizes the hooks pool for two runtimes per request in flight by default', () => {
    expect(serveFlags({}).slice(0, 2)).toEqual(['--hooksPool', String(DEFAULT_HOOKS_POOL)]);
    // PocketBase's own default is 15: eight submissions in flight hold 16.
    expect(DEFAULT_HOOKS_POOL).toBeGreaterThanOrEqual(2 * 8 + 8);
  });

  it('takes FORMWORK_HOOKS_POOL', () => {
    expect(serveFlags({ FORMWORK_HOOKS_POOL: '64' }).slice(0, 2)).toEqual(['--hooksPool', '64']);
  });

  it.each(['0', '-3', 'forty', '12.5', '', '99999'])('refuses FORMWORK_HOOKS_POOL=%j rather than start with a pool PocketBase would misread', (value) => {
    expect(() => serveFlags({ FORMWORK_HOOKS_POOL: value })).toThrow(/FORMWORK_HOOKS_POOL must be a positive integer/);
  });

  it('29.5: turns dev mode off (PocketBase turns it on under a temp folder) unless FORMWORK_DEV_LOGS=1 asks for it', () => {
    expect(serveFlags({})).toContain('--dev=false');
    expect(serveFlags({ FORMWORK_DEV_LOGS: '1' })).toContain('--dev=true');
    expect(serveFlags({ FORMWORK_DEV_LOGS: 'yes' })).toContain('--dev=false');
  });

  it('29: lets only the site’s own origin call the API from a browser', () => {
    expect(serveFlags({}, 'http://127.0.0.1:8090')).toContain('--origins=http://127.0.0.1:8090');
    expect(serveFlags({ FORMWORK_PUBLIC_URL: 'https://apply.example.com/' }, 'http://127.0.0.1:8090')).toContain('--origins=https://apply.example.com');
    expect(serveFlags({ FORMWORK_CORS_ORIGINS: 'https://a.example, https://b.example:8443/x' })).toContain('--origins=https://a.example,https://b.example:8443');
    expect(() => serveFlags({ FORMWORK_PUBLIC_URL: 'apply.example.com' })).toThrow(/FORMWORK_PUBLIC_URL/);
  });
});
