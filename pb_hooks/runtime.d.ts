// What PocketBase's JS VM has besides its own API (bin/pocketbase-types.d.ts): goja_nodejs's console,
// whose lines PocketBase prints to its log. Read by tsconfig.hooks.json only; PocketBase loads *.pb.js.
declare const console: {
  log(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
  debug(...values: unknown[]): void;
};
