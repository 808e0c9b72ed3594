/**
 * Security headers: every page and asset the site serves has a Content-Security-Policy that forbids
 * framing, plugins and foreign <base>/form targets, nosniff and a referrer policy (pb_hooks/lib/csp.js).
 * The e2e suites run the whole site under this policy, so a violation there is a console error that
 * fails them. The API keeps PocketBase's own headers, and an uploaded file its sandboxing policy.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';
import { formData, pngFile, signed, validCreditRepair } from '../support/fixtures.ts';
import { staffClient } from '../support/staff.ts';
import { submitUrl } from '../../src/engine/submit.ts';

const SITE_POLICY = "frame-ancestors 'none'";

describe('security headers', () => {
  let pb: PocketBaseProcess;
  beforeAll(async () => {
    pb = await startPocketBase({ publicDir: join(ROOT, 'schemas') }); // any folder: only the headers matter
  });
  afterAll(async () => pb?.stop());

  it.each(['/site.json', '/no/such/page'])('are set on what the site serves: %s', async (path) => {
    const res = await fetch(`${pb.url}${path}`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(SITE_POLICY);
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("object-src 'none'");
    // Scripts from our origin (and Stripe's Connect.js) only: no inline script, no eval. The browser
    // needs none since the forms' validators are precompiled by the generator.
    const scripts = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
    expect(scripts.split(/\s+/)).toEqual(['script-src', "'self'", 'https://connect-js.stripe.com', 'https://js.stripe.com']);
    expect(csp).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
  });

  it('29: add HSTS to a page reached over HTTPS (a proxy in front says so), and none over plain HTTP', async () => {
    const secure = await fetch(`${pb.url}/site.json`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect((await fetch(`${pb.url}/site.json`)).headers.get('strict-transport-security')).toBeNull();
  });

  it("leave the API to PocketBase's own headers (an answer is no page)", async () => {
    const res = await fetch(`${pb.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy') ?? '').not.toContain(SITE_POLICY);
  });

  it("leave an uploaded file its sandboxing policy, which allows no script at all", async () => {
    const created = await fetch(`${pb.url}${submitUrl('creditrepairnew')}`, {
      method: 'POST',
      body: formData({ ...validCreditRepair, ...signed('en'), variant: 'full', locale: 'en' }, { stateId: pngFile() }),
    });
    expect(created.status).toBe(200);
    const staff = await staffClient(pb, 'admin');
    const record = (await staff.collection('creditrepairnew').getList(1, 1, { sort: '-created' })).items[0]!;
    const res = await fetch(`${pb.url}/api/files/creditrepairnew/${record.id}/${record.stateId}?token=${await staff.files.getToken()}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("leave PocketBase's own dashboard to its own policy", async () => {
    const res = await fetch(`${pb.url}/_/`);
    expect(res.headers.get('content-security-policy') ?? '').not.toContain(SITE_POLICY);
  });
});
