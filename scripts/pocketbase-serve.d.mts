// Types for scripts/pocketbase-serve.mjs (plain JS: `npm start` runs it without a compile step).
export const DEFAULT_HOOKS_POOL: number;
export function serveFlags(env?: Record<string, string | undefined>, servedUrl?: string): string[];
