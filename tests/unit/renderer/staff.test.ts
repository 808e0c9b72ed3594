/** How staff cards show values, and where sign-in sends staff. */
import { describe, expect, it } from 'vitest';
import { telHref } from '../../../src/engine/links.ts';
import { maskLast4, tail } from '../../../src/features/staff/display.ts';
import { safeNext, signInPath } from '../../../src/features/staff/session.ts';

describe('card values', () => {
  it('show only the last four characters of a masked value', () => {
    expect(maskLast4('123456789')).toBe('•••••6789');
    expect(maskLast4('')).toBe('');
  });
  it('shorten long file names to their tail', () => {
    expect(tail('bankStatements_k3j4h5g6f7.pdf', 11)).toBe('…4h5g6f7.pdf');
    expect(tail('short.pdf', 11)).toBe('short.pdf');
    expect(tail('anything', undefined)).toBe('anything');
  });
  it('dial phone numbers as written', () => {
    expect(telHref('+1 (415) 555-0100')).toBe('tel:+14155550100');
  });
});

describe('sign-in', () => {
  it('comes back to the staff list afterwards, saying why when the session ended', () => {
    expect(signInPath('/apps?page=2')).toBe('/staff/sign-in?next=%2Fapps%3Fpage%3D2');
    expect(signInPath('/apps', true)).toBe('/staff/sign-in?expired=1&next=%2Fapps');
  });
  it('follows only same-site paths (no open redirect)', () => {
    expect(safeNext('/apps')).toBe('/apps');
    expect(safeNext('//evil.example/x')).toBeNull();
    expect(safeNext('https://evil.example')).toBeNull();
    expect(safeNext(null)).toBeNull();
  });
});
