// Types for scripts/site-sources.mjs (plain JS: `npm start` runs it without a compile step).
export const BUILD_STAMP: string;
export const SITE_SOURCES: readonly string[];
export function siteSourcesDigest(root: string): string;
