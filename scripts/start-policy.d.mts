// Types for scripts/start-policy.mjs (plain JS: `npm start` runs it without a compile step).
export interface Account {
  email: string;
  password: string;
}
export const DEFAULT_SUPERUSER: Account;
export const DEFAULT_STAFF: Account;
export function isLoopback(http: string): boolean;
export function startPolicy(http: string, env: Record<string, string | undefined>): { superuser: Account; staff: Account; seedDemoStaff: boolean; problems: string[] };
export function devKeyPath(dataDir: string): string;
export function legacyDevKeyPath(dataDir: string): string;
