/** When the browser may take over HTML the build rendered (src/prerender/marker.ts). */
import { describe, expect, it } from 'vitest';
import { canHydrate, prerenderedMark } from '../../../src/prerender/marker.ts';

const holding = (mark: string | null) => ({ getAttribute: (name: string) => (name === 'data-prerendered' ? mark : null) }) as unknown as Element;

describe('prerendered marks', () => {
  it('let a page be hydrated only in its own language and address, without router state', () => {
    const page = holding(prerenderedMark('en', '/loan'));
    expect(canHydrate(page, { pathname: '/loan', locale: 'en', routerState: undefined })).toBe(true);
    expect(canHydrate(page, { pathname: '/loan', locale: 'ru', routerState: undefined })).toBe(false);
    expect(canHydrate(page, { pathname: '/creditrepair', locale: 'en', routerState: undefined })).toBe(false);
    expect(canHydrate(page, { pathname: '/loan', locale: 'en', routerState: { submitted: true } })).toBe(false);
    expect(canHydrate(holding(null), { pathname: '/loan', locale: 'en', routerState: undefined })).toBe(false);
  });
});
