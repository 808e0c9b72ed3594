import { contract } from '../generated/contract.ts';
/**
 * One multipart POST of a whole application (fields and files together, so nothing is half-saved),
 * through XMLHttpRequest because fetch cannot report upload progress.
 */
export interface SubmitResult {
  status: number;
  body: unknown;
}

/**
 * The submit route of a service, named by its collection (pb_hooks/submissions.pb.js; same origin, the
 * dev server proxies /api). It answers 200 with { id, collectionName, checkoutUrl? }, or the record API's
 * error shape.
 */
export const submitUrl = (collection: string): string => `${contract.submitRoute}${encodeURIComponent(collection)}`;

/**
 * The multipart body: every filled value (booleans and numbers as text, as PocketBase expects), the
 * File of each file field in place of its name, then the extras (variant, locale, …) last: the server
 * requires them, so a body cut short anywhere is refused rather than stored without its end.
 */
export function toFormData(values: Record<string, unknown>, files: Map<string, File>, extra: Record<string, string>): FormData {
  const body = new FormData();
  const filled = (v: unknown) => v !== undefined && v !== null && v !== '';
  for (const [key, value] of Object.entries(values)) {
    if (!filled(value) || files.has(key)) continue;
    body.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  // A file goes only while its field still names it (a cleared field sends nothing).
  for (const [key, file] of files) if (filled(values[key])) body.append(key, file, file.name);
  for (const [key, value] of Object.entries(extra)) body.append(key, value);
  return body;
}

export function postMultipart(url: string, body: FormData, onProgress: (percent: number) => void): Promise<SubmitResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response });
    xhr.onerror = () => reject(new Error('network'));
    xhr.ontimeout = () => reject(new Error('timeout'));
    xhr.onabort = () => reject(new Error('aborted'));
    xhr.send(body);
  });
}
