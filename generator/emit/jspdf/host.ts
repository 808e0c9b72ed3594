/**
 * What jsPDF reads from its host (a browser's `window`), for PocketBase's JS runtime, which has no window:
 * the bundle in emit/pdf.ts maps jsPDF's `window` and `navigator` to this object (esbuild define/inject),
 * so PocketBase's own global scope stays as it is. Base64 is built with arrays: goja copies a string on
 * every `+=`, and a font's 40 KB took seconds that way.
 */
const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const INDEX: Record<string, number> = {};
for (let i = 0; i < CHARS.length; i++) INDEX[CHARS.charAt(i)] = i;

/** Binary string (one byte per char) → base64. */
export function btoa(binary: string): string {
  const out: string[] = [];
  for (let i = 0; i < binary.length; i += 3) {
    const n = (binary.charCodeAt(i) << 16) | ((binary.charCodeAt(i + 1) || 0) << 8) | (binary.charCodeAt(i + 2) || 0);
    out.push(CHARS.charAt((n >> 18) & 63) + CHARS.charAt((n >> 12) & 63) + (i + 1 < binary.length ? CHARS.charAt((n >> 6) & 63) : '=') + (i + 2 < binary.length ? CHARS.charAt(n & 63) : '='));
  }
  return out.join('');
}

/** Base64 → binary string (one byte per char); anything outside the alphabet (padding, line breaks) is skipped. */
export function atob(base64: string): string {
  const s = String(base64).replace(/[^A-Za-z0-9+/]/g, '');
  const out: string[] = [];
  for (let i = 0; i < s.length; i += 4) {
    const n = ((INDEX[s.charAt(i)] ?? 0) << 18) | ((INDEX[s.charAt(i + 1)] ?? 0) << 12) | ((INDEX[s.charAt(i + 2)] ?? 0) << 6) | (INDEX[s.charAt(i + 3)] ?? 0);
    const bytes = Math.min(3, s.length - i - 1); // 4 chars: 3 bytes, 3 chars: 2, 2 chars: 1
    out.push(bytes === 3 ? String.fromCharCode((n >> 16) & 255, (n >> 8) & 255, n & 255) : bytes === 2 ? String.fromCharCode((n >> 16) & 255, (n >> 8) & 255) : String.fromCharCode((n >> 16) & 255));
  }
  return out.join('');
}

const quiet = () => undefined;

export const jspdfHost = { atob, btoa, navigator: { userAgent: '' }, console: { log: quiet, warn: quiet, error: quiet } };
