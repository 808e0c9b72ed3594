// Types for scripts/mantine-styles.mjs (plain JS, run by the build before anything is compiled).
export function missingMantineStyles(outDir: string, stylesModule: string): string[];
