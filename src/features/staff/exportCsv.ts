/** Downloads the CSV export of a staff list (the request needs the session header, so not a plain link). */
import { pb } from '../../config/pocketbase.ts';

export async function downloadCsv(collection: string, params: URLSearchParams): Promise<void> {
  const res = await fetch(pb.buildURL(`/api/formwork/export/${encodeURIComponent(collection)}?${params}`), { headers: { Authorization: pb.authStore.token } });
  if (!res.ok) throw Object.assign(new Error(`export failed: ${res.status}`), { status: res.status });
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${collection}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
