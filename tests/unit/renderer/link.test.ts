/**
 * src/app/Link.tsx: the site's link gives the route's href (with the query it was given), and
 * `useIsCurrent` tells the staff bar which link is the screen shown, as react-router's NavLink did.
 * (That a plain click navigates without a reload is checked in a browser: tests/e2e/staff-console.test.ts.)
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Link, useIsCurrent } from '../../../src/app/Link.tsx';

const at = (location: string, element: React.ReactElement) => renderToStaticMarkup(createElement(StaticRouter, { location }, element));

function Current({ to, end }: { to: string; end?: boolean }) {
  return String(useIsCurrent(to, end));
}
const isCurrent = (location: string, to: string, end?: boolean) => at(location, createElement(Current, { to, end })) === 'true';

describe('Link', () => {
  it("is an anchor with the route's href and the attributes it was given", () => {
    expect(at('/admin', createElement(Link, { to: '/creditapps?status=new', className: 'x' }, 'Credit'))).toBe(
      '<a class="x" href="/creditapps?status=new">Credit</a>',
    );
  });
});

describe('useIsCurrent', () => {
  it('is the path shown, letter case aside', () => {
    expect(isCurrent('/creditapps', '/creditapps')).toBe(true);
    expect(isCurrent('/CreditApps', '/creditapps')).toBe(true);
    expect(isCurrent('/creditapps?status=new', '/creditapps')).toBe(true);
    expect(isCurrent('/loanapps', '/creditapps')).toBe(false);
  });

  it('takes in the paths below it unless `end`', () => {
    expect(isCurrent('/admin/trash', '/admin')).toBe(true);
    expect(isCurrent('/admin/trash', '/admin', true)).toBe(false);
    expect(isCurrent('/admin', '/admin', true)).toBe(true);
    expect(isCurrent('/admin/trash', '/admin/')).toBe(true);
  });

  it('is not a path that merely starts with the same letters', () => {
    expect(isCurrent('/administrators', '/admin')).toBe(false);
    expect(isCurrent('/creditapps-old', '/creditapps')).toBe(false);
  });
});
