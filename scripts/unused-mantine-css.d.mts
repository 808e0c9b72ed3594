// Types for scripts/unused-mantine-css.mjs (plain JS, run by the build before anything is compiled).
import type { Plugin } from 'vite';

export function mantineClassesIn(scripts: Iterable<string>): Set<string>;
export function dropUnusedMantineRules(css: string, used: ReadonlySet<string>): { css: string; dropped: number };
export function builtScripts(outDir: string): string[];
export function unusedMantineCss(used: ReadonlySet<string>, report?: (r: { dropped: number; before: number; after: number }) => void): Plugin;
