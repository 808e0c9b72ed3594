/**
 * scripts/retired-assets.mjs: a rebuild keeps the previous build's assets for a day (a page loaded before
 * it still asks for its own chunks), never over the new build's own, and drops them after that.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_RETIRED_MS, RETIRED_MANIFEST, keepRetired, takeAssets } from '../../../scripts/retired-assets.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** An out dir whose assets/ holds `files`, as a build leaves it. */
function outDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'formwork-retired-'));
  dirs.push(dir);
  build(dir, files);
  return dir;
}
/** What a build does: empties the out dir and writes its own assets. */
function build(dir: string, files: Record<string, string>) {
  rmSync(join(dir, 'assets'), { recursive: true, force: true });
  mkdirSync(join(dir, 'assets'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'assets', name), text);
}
const listing = (dir: string) => readdirSync(join(dir, 'assets')).sort();

describe("the previous build's assets", () => {
  it('are put back beside the new ones for a day, then dropped', () => {
    const day0 = Date.UTC(2026, 10, 26, 12);
    const dir = outDir({ 'index-aaa.js': 'old entry', 'ApplicationForm-aaa.js': 'old form', 'shared-ccc.js': 'shared' });

    const first = takeAssets(dir);
    build(dir, { 'index-bbb.js': 'new entry', 'ApplicationForm-bbb.js': 'new form', 'shared-ccc.js': 'shared' });
    expect(keepRetired(dir, first, day0)).toEqual({ kept: 2, dropped: 0 });
    expect(listing(dir)).toEqual([RETIRED_MANIFEST, 'ApplicationForm-aaa.js', 'ApplicationForm-bbb.js', 'index-aaa.js', 'index-bbb.js', 'shared-ccc.js'].sort());
    expect(readFileSync(join(dir, 'assets', 'ApplicationForm-aaa.js'), 'utf8')).toBe('old form');
    expect(JSON.parse(readFileSync(join(dir, 'assets', RETIRED_MANIFEST), 'utf8'))).toEqual({ 'ApplicationForm-aaa.js': day0, 'index-aaa.js': day0 });

    // A rebuild within the day keeps them with the time they were first retired, and retires the second build's.
    const second = takeAssets(dir);
    build(dir, { 'index-ddd.js': 'third entry', 'shared-ccc.js': 'shared' });
    expect(keepRetired(dir, second, day0 + 60_000)).toEqual({ kept: 4, dropped: 0 });
    expect(JSON.parse(readFileSync(join(dir, 'assets', RETIRED_MANIFEST), 'utf8'))).toMatchObject({ 'index-aaa.js': day0, 'index-bbb.js': day0 + 60_000 });

    // A day after: the first build's go, the second's stay until theirs.
    const third = takeAssets(dir);
    build(dir, { 'index-ddd.js': 'third entry', 'shared-ccc.js': 'shared' });
    expect(keepRetired(dir, third, day0 + KEEP_RETIRED_MS + 1)).toEqual({ kept: 2, dropped: 2 });
    expect(listing(dir)).toEqual([RETIRED_MANIFEST, 'ApplicationForm-bbb.js', 'index-bbb.js', 'index-ddd.js', 'shared-ccc.js'].sort());
  });

  it('leave nothing behind for a first build, nor a manifest once none is kept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'formwork-retired-'));
    dirs.push(dir);
    const none = takeAssets(dir);
    build(dir, { 'index-aaa.js': 'entry' });
    expect(keepRetired(dir, none)).toEqual({ kept: 0, dropped: 0 });
    expect(listing(dir)).toEqual(['index-aaa.js']);
  });
});
