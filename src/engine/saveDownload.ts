/**
 * A file whose key may not go into a URL (a server would log it): fetched with the key in a header and
 * saved from memory. → the answer's HTTP status; the file was saved when it is 2xx. A network failure throws.
 */
export async function saveDownload(url: string, headers: Record<string, string>, fileName: string): Promise<number> {
  const res = await fetch(url, { headers });
  if (!res.ok) return res.status;
  const objectUrl = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file: revoking at once can cancel the save in some browsers.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  return res.status;
}
