/**
 * Security headers on the served site: a Content-Security-Policy that forbids framing, plugins and
 * foreign <base>/form targets, nosniff and a referrer policy. The e2e suites run the whole site under
 * this policy, so a violation there is a console error that fails them.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startPocketBase, type PocketBaseProcess } from '../support/pocketbase.ts';

describe('security headers', () => {
  let pb: PocketBaseProcess;
  beforeAll(async () => {
    pb = await startPocketBase({ publicDir: join(ROOT, 'schemas') }); // any folder: only the headers matter
  });
  afterAll(async () => pb?.stop());

  it.each(['/api/health', '/site.json'])('are set on %s', async (path) => {
    const res = await fetch(`${pb.url}${path}`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("object-src 'none'");
    // Scripts from our origin (and Stripe's Connect.js) only: no inline script, no eval. The browser
    // needs none since the forms' validators are precompiled by the generator.
    const scripts = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
    expect(scripts.split(/\s+/)).toEqual(['script-src', "'self'", 'https://connect-js.stripe.com', 'https://js.stripe.com']);
    expect(csp).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it("leave PocketBase's own dashboard to its own policy", async () => {
    const res = await fetch(`${pb.url}/_/`);
    expect(res.headers.get('content-security-policy') ?? '').not.toContain("frame-ancestors 'none'; base-uri 'self'; form-action 'self'");
  });
});
