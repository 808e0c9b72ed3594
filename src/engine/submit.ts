/**
 * One multipart POST of a whole application (fields and files together, so nothing is half-saved),
 * through XMLHttpRequest because fetch cannot report upload progress.
 */
export interface SubmitResult {
  status: number;
  body: unknown;
}

export function toFormData(values: Record<string, unknown>, files: Map<string, File>, extra: Record<string, string>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '' || files.has(key)) continue;
    body.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const [key, file] of files) if (key in values) body.append(key, file, file.name);
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
    xhr.send(body);
  });
}
