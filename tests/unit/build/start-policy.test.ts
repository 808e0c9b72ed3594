import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPERUSER, devKeyPath, isLoopback, legacyDevKeyPath, startPolicy } from '../../../scripts/start-policy.mjs';

describe('npm start on the address it serves (scripts/start-policy.mjs)', () => {
  it('tells loopback from addresses other machines reach', () => {
    for (const http of ['127.0.0.1:8090', '127.1.2.3:80', 'localhost:8090', '[::1]:8090']) expect(isLoopback(http), http).toBe(true);
    for (const http of ['0.0.0.0:8090', ':8090', '[::]:8090', '192.168.1.5:8090', 'example.com:443', '127.0.0.1.example.com:80']) expect(isLoopback(http), http).toBe(false);
  });

  it('keeps the dev defaults and the demo account on loopback', () => {
    expect(startPolicy('127.0.0.1:8090', {})).toMatchObject({ superuser: DEFAULT_SUPERUSER, seedDemoStaff: true, problems: [] });
  });

  it('29.6: on a public address refuses unset or default credentials, and never seeds the demo account', () => {
    expect(startPolicy('0.0.0.0:8090', {}).problems).toEqual([expect.stringMatching(/FORMWORK_ADMIN_EMAIL/), expect.stringMatching(/FORMWORK_ADMIN_PASSWORD/)]);
    expect(startPolicy(':8090', { FORMWORK_ADMIN_EMAIL: 'admin@formwork.local', FORMWORK_ADMIN_PASSWORD: 'formwork-admin' }).problems).toHaveLength(2);
    expect(startPolicy(':8090', { FORMWORK_ADMIN_EMAIL: 'owner@example.com', FORMWORK_ADMIN_PASSWORD: 'short' }).problems).toEqual([expect.stringMatching(/at least 12/)]);
    const ok = startPolicy('0.0.0.0:8090', { FORMWORK_ADMIN_EMAIL: 'owner@example.com', FORMWORK_ADMIN_PASSWORD: 'a-long-passphrase', FORMWORK_STAFF_PASSWORD: 'x'.repeat(20) });
    expect(ok).toMatchObject({ problems: [], seedDemoStaff: false, superuser: { email: 'owner@example.com' } });
  });

  it('29.1: keeps the dev key beside the data dir, never inside it', () => {
    expect(devKeyPath('/srv/formwork/pb_data')).toBe('/srv/formwork/.pb_data.dev-encryption-key');
    expect(devKeyPath('/srv/formwork/pb_data/')).toBe('/srv/formwork/.pb_data.dev-encryption-key');
    expect(legacyDevKeyPath('/srv/formwork/pb_data')).toBe('/srv/formwork/pb_data/.dev-encryption-key');
  });
});
