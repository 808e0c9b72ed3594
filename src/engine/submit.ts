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

/** The files a value still names: a one-file field's name, or the names of a several-files field. */
function named(value: unknown, files: File[]): File[] {
  const names = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  return files.filter((f) => names.includes(f.name));
}

/**
 * The multipart body: every filled value (booleans and numbers as text, as PocketBase expects; a
 * group's rows as one JSON string, which the server parses), the Files of each file field in place of
 * their names, in their order, then the extras (variant, locale, …) last: the server requires them, so
 * a body cut short anywhere is refused rather than stored without its end.
 */
export function toFormData(values: Record<string, unknown>, files: Map<string, File[]>, extra: Record<string, string>): FormData {
  const body = new FormData();
  const filled = (v: unknown) => v !== undefined && v !== null && v !== '';
  for (const [key, value] of Object.entries(values)) {
    if (!filled(value) || files.has(key)) continue;
    body.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  // A file goes only while its field still names it (a cleared field sends nothing).
  for (const [key, list] of files) for (const file of named(values[key], list)) body.append(key, file, file.name);
  for (const [key, value] of Object.entries(extra)) body.append(key, value);
  return body;
}

/**
 * Each file's share of one upload's progress. The body is sent in the order it was built (values, then
 * the files in order, then the extras), so the bytes sent so far are spread over the files in that order,
 * after the values' small share: a fair estimate, since XHR reports only the whole body's progress.
 */
export function fileProgress(files: { name: string; size: number }[], loaded: number, total: number): { name: string; percent: number }[] {
  const sizes = files.reduce((sum, f) => sum + f.size, 0);
  // The values before the files: what the body has beyond the files, less a little for the extras after them.
  let at = Math.max(0, total - sizes - 1024);
  return files.map((f) => {
    const percent = f.size === 0 ? (loaded >= at ? 100 : 0) : Math.round(Math.min(1, Math.max(0, (loaded - at) / f.size)) * 100);
    at += f.size;
    return { name: f.name, percent };
  });
}

export interface UploadProgress {
  percent: number;
  loaded: number;
  total: number;
}

export function postMultipart(url: string, body: FormData, onProgress: (progress: UploadProgress) => void): Promise<SubmitResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress({ percent: Math.round((e.loaded / e.total) * 100), loaded: e.loaded, total: e.total });
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response });
    xhr.onerror = () => reject(new Error('network'));
    xhr.ontimeout = () => reject(new Error('timeout'));
    xhr.onabort = () => reject(new Error('aborted'));
    xhr.send(body);
  });
}
