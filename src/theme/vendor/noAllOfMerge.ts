/**
 * Stands in for @rjsf/utils' `shallowAllOfMerge` in the browser build (vite.config.ts aliases the
 * module here). RJSF calls it only to merge a schema's `allOf` (retrieveSchema, omitExtraData), and no
 * form of ours has one: the meta-schemas a service's files must pass allow no `allOf` on a form or a
 * field (schemas/meta/form.meta.json, property.meta.json), and the generator writes none. The real
 * merger, @x0k/json-schema-merge set up at load, adds ~5 KB gzip to every form for code that never runs.
 * tests/unit/renderer/noAllOfMerge.test.ts checks that no generated form has an `allOf`.
 *
 * Should one ever reach it, this throws: retrieveSchema catches that, warns and drops the `allOf`,
 * and everything still renders, but the warning names this file, where the real merger is one import
 * away.
 */
export default function shallowAllOfMerge(schema: unknown): never {
  throw new Error(
    `a schema with allOf reached the browser, which has no allOf merger (src/theme/vendor/noAllOfMerge.ts): ${JSON.stringify(schema).slice(0, 120)}`,
  );
}
