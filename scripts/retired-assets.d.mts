/** Types of scripts/retired-assets.mjs (the previous build's assets, kept for a day). */
export declare const RETIRED_MANIFEST: string;
export declare const KEEP_RETIRED_MS: number;
export interface TakenAssets {
  files: Map<string, Buffer>;
  retired: Record<string, number>;
}
export declare function takeAssets(outDir: string): TakenAssets;
export declare function keepRetired(outDir: string, taken: TakenAssets, now?: number, keepMs?: number): { kept: number; dropped: number };
