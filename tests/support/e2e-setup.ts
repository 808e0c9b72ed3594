import { ensurePocketBase } from './pocketbase.ts';
import { buildSite } from './site.ts';

// Once per e2e run: the pinned PocketBase and a production build of the site.
export default function setup(): void {
  ensurePocketBase();
  buildSite();
}
