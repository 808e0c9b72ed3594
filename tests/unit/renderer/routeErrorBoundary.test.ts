/**
 * The screen-level error boundary (src/app/RouteErrorBoundary.tsx): a thrown error is kept while the
 * visitor stays on the address, and cleared when they go to another one. React calls these two static
 * methods; they hold the whole rule, so they are tested as functions (no DOM here).
 */
import { describe, expect, it } from 'vitest';
import { RouteErrorBoundary } from '../../../src/app/RouteErrorBoundary.tsx';

const props = (resetKey: string) => ({ resetKey, children: null });

describe('the route error boundary', () => {
  it('keeps the error of the address it was thrown at', () => {
    const boom = new Error('boom');
    const failed = { key: '/loan', ...RouteErrorBoundary.getDerivedStateFromError(boom) };
    expect(failed.error).toBe(boom);
    expect(RouteErrorBoundary.getDerivedStateFromProps(props('/loan'), { error: boom, key: '/loan' })).toBeNull();
  });
  it('tries the screen again at another address', () => {
    const boom = new Error('boom');
    expect(RouteErrorBoundary.getDerivedStateFromProps(props('/contact'), { error: boom, key: '/loan' })).toEqual({ error: null, key: '/contact' });
  });
  it('counts even a thrown nothing as an error', () => {
    expect(RouteErrorBoundary.getDerivedStateFromError(undefined).error).toBeInstanceOf(Error);
  });
});
