/** When the browser may take over HTML the build rendered (src/prerender/marker.ts). */
import { describe, expect, it } from 'vitest';
import { canHydrate, canHydrateFrame, frameMark, prerenderedMark, staffCookieRole } from '../../../src/prerender/marker.ts';

const holding = (mark: string | null) => ({ getAttribute: (name: string) => (name === 'data-prerendered' ? mark : null) }) as unknown as Element;

describe('prerendered marks', () => {
  it('let a page be hydrated only in its own language and address, without router state', () => {
    const page = holding(prerenderedMark('en', '/loan'));
    expect(canHydrate(page, { pathname: '/loan', locale: 'en', routerState: undefined })).toBe(true);
    expect(canHydrate(page, { pathname: '/loan', locale: 'ru', routerState: undefined })).toBe(false);
    expect(canHydrate(page, { pathname: '/creditrepair', locale: 'en', routerState: undefined })).toBe(false);
    expect(canHydrate(page, { pathname: '/loan', locale: 'en', routerState: { submitted: true } })).toBe(false);
    expect(canHydrate(holding(frameMark('viewer', 'en', '/loan')), { pathname: '/loan', locale: 'en', routerState: undefined })).toBe(false);
  });

  it("let a staff frame be hydrated only for the session's role, in its language and address", () => {
    const frame = holding(frameMark('viewer', 'uz', '/creditapps'));
    const visit = { pathname: '/creditapps', locale: 'uz', role: 'viewer', routerState: null };
    expect(canHydrateFrame(frame, visit)).toBe(true);
    expect(canHydrateFrame(frame, { ...visit, role: 'admin' })).toBe(false);
    expect(canHydrateFrame(frame, { ...visit, role: null })).toBe(false); // signed out meanwhile
    expect(canHydrateFrame(frame, { ...visit, locale: 'en' })).toBe(false);
    expect(canHydrateFrame(frame, { ...visit, pathname: '/loanapps' })).toBe(false);
    expect(canHydrateFrame(frame, { ...visit, routerState: { notice: 'x' } })).toBe(false);
    expect(canHydrateFrame(holding(prerenderedMark('uz', '/creditapps')), visit)).toBe(false);
    expect(canHydrateFrame(holding(null), visit)).toBe(false);
  });

  it('read the staff role from the cookie header the browser holds', () => {
    expect(staffCookieRole('formwork.lang=ru; formwork.staff=admin')).toBe('admin');
    expect(staffCookieRole('formwork.staff=viewer')).toBe('viewer');
    expect(staffCookieRole('formwork.staff=; formwork.lang=en')).toBeNull();
    expect(staffCookieRole('other.formwork.staff=admin')).toBeNull();
    expect(staffCookieRole('')).toBeNull();
  });
});
