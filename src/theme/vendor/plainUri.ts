/**
 * Stands in for fast-uri in the browser build (vite.config.ts aliases `fast-uri` here). Only RJSF
 * imports it there (@rjsf/utils findSchemaDefinition.js, for `$id`/`$ref` URIs: `resolve` and `equal`),
 * and RJSF calls it only when the form's root schema says `"$schema"` is draft 2020-12. Ours never do:
 * the generator builds each form's root schema from `$id`, type, required and properties, with every
 * `$ref` already dereferenced (generator/model.ts, emit/registry.ts). The real package would add ~6 KB
 * gzip to every form for code that never runs.
 *
 * Should a form ever get there, this answers as fast-uri does for plain URI references: our `$id`s
 * (`form_<service>_<variant>`), relative paths, http(s) URLs with a lower-case host name, and JSON
 * pointer fragments. Anything else (other schemes, ports, queries, percent-escapes, "." or ".."
 * segments) throws rather than get an answer that might differ. tests/unit/renderer/plainUri.test.ts
 * compares it with fast-uri.
 */

interface Reference {
  /** http or https, with a host; absent: a relative reference. */
  scheme?: string;
  host?: string;
  path: string;
  fragment?: string;
}

const PLAIN = /^(?:(https?):\/\/([a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)*))?([\w.~/-]*)(?:#([\w.~!$&'()*+,;=:@/?-]*))?$/;

function parse(uri: unknown): Reference {
  const m = typeof uri === 'string' ? PLAIN.exec(uri) : null;
  const path = m?.[3] ?? '';
  const plain = m && !/(^|\/)\.\.?(\/|$)/.test(path) && (m[2] ? path === '' || path.startsWith('/') : !path.startsWith('//'));
  if (!plain) throw new Error(`${JSON.stringify(uri)} is not a URI reference the fast-uri stand-in knows (src/theme/vendor/plainUri.ts)`);
  return { scheme: m[1], host: m[2], path, fragment: m[4] };
}

const serialize = (u: Reference, emptyPath = ''): string =>
  `${u.scheme ? `${u.scheme}://${u.host}` : ''}${u.scheme ? u.path || emptyPath : u.path}${u.fragment === undefined ? '' : `#${u.fragment}`}`;

/** RFC 3986 section 5.2 (no dot segments or queries to handle), as fast-uri's `resolve`. */
function resolve(baseURI: string, relativeURI: string): string {
  const base = parse(baseURI);
  const ref = parse(relativeURI);
  if (ref.scheme) return serialize(ref);
  const path = !ref.path
    ? base.path
    : ref.path.startsWith('/')
      ? ref.path
      : (base.host && !base.path ? '/' : base.path.slice(0, base.path.lastIndexOf('/') + 1)) + ref.path;
  return serialize({ ...base, path, fragment: ref.fragment });
}

/** fast-uri's `equal`: the same once normalized, which for these references only gives an http(s) URL's empty path "/". */
const equal = (a: string, b: string): boolean => serialize(parse(a), '/') === serialize(parse(b), '/');

export default { resolve, equal };
