/**
 * Remembers what a costly, pure emitter step made for an input (compiling a form's validators with AJV
 * and bundling them, formatting its TypeScript types), keyed by the input's JSON. One `npm run generate`
 * gains nothing; the watch loop of `npm run dev` runs the generator again in the same process on every
 * save, and a label's edit changes no form schema, so those steps are skipped (about two thirds of a
 * run's CPU time). Only the most recent entries are kept.
 */
const LIMIT = 256;

export function memoByJson<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const cache = new Map<string, R>();
  return (...args: A): R => {
    const key = JSON.stringify(args);
    if (cache.has(key)) {
      const hit = cache.get(key) as R;
      // Most recently used last, so the oldest go first.
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const value = fn(...args);
    cache.set(key, value);
    if (cache.size > LIMIT) cache.delete(cache.keys().next().value as string);
    return value;
  };
}
