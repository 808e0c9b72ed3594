import { ensurePocketBase } from './pocketbase.ts';

// Build PocketBase once before any suite that needs it (the build is cached in ./bin).
export default function setup(): void {
  ensurePocketBase();
}
