/**
 * The AJV keyword `x-date` ({min?, max?}: "today", "today±N(d|m|y)"), added to the browser's and the
 * server's validators alike. Its generated code calls shared/dateLimits.ts, referenced by a `require`
 * that the emitters' esbuild step bundles in: the validators stay plain precompiled functions (no eval,
 * so the Content-Security-Policy stays strict), and one implementation decides for both sides.
 *
 * Error: keyword "x-date", params {limit: "min"|"max", date: the limit resolved, YYYY-MM-DD}.
 */
import { _, type Ajv, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import { dateOutOfLimits } from '../../shared/dateLimits.ts';

/** Where the emitted code finds the shared module: resolved from the project root by the bundlers. */
export const DATE_LIMITS_MODULE = './shared/dateLimits.ts';

export const xDateKeyword: CodeKeywordDefinition = {
  keyword: 'x-date',
  type: 'string',
  schemaType: 'object',
  error: {
    message: ({ params }) => _`(${params.breach}.limit === "min" ? "must be on or after " : "must be on or before ") + ${params.breach}.date`,
    params: ({ params }) => _`{limit: ${params.breach}.limit, date: ${params.breach}.date}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data, schema } = cxt;
    const limits = schema as { min?: string; max?: string };
    const check = gen.scopeValue('func', { ref: dateOutOfLimits, code: _`require(${DATE_LIMITS_MODULE}).dateOutOfLimits` });
    const breach = gen.const('breach', _`${check}(${data}, ${limits.min ?? null}, ${limits.max ?? null})`);
    cxt.setParams({ breach });
    cxt.fail(_`${breach} !== null`);
  },
};

/** Adds `x-date` to an AJV instance (the browser's, through RJSF's extenderFn, or the server's). */
export function addDateKeyword<A extends Ajv>(ajv: A): A {
  ajv.addKeyword(xDateKeyword);
  return ajv;
}
