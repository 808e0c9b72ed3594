/**
 * The registry's shape (shared/registry.ts, which the generator also reads) under the name the
 * renderer and the generated modules (src/generated/) import it by.
 */
export type * from '../../shared/registry.ts';
