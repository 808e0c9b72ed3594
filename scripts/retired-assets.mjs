// The previous build's assets, kept for a day after a new build (scripts/build-site.mjs). A page loaded
// before a rebuild asks for the chunks of its own build: the next screen's or a dialog's code only when it
// is needed, possibly long after. Their names carry their content's hash, so
// the new build never overwrites one; pages loaded after the rebuild only ever name the new files.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The manifest of retired assets: file name → when it was retired (ms since the epoch). */
export const RETIRED_MANIFEST = '.retired.json';
export const KEEP_RETIRED_MS = 24 * 60 * 60 * 1000;

function readManifest(assets) {
  try {
    const parsed = JSON.parse(readFileSync(join(assets, RETIRED_MANIFEST), 'utf8'));
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/** Before a build empties the out dir: the files of `<outDir>/assets/` (with their contents) and when each was retired, if it was. */
export function takeAssets(outDir) {
  const assets = join(outDir, 'assets');
  if (!existsSync(assets)) return { files: new Map(), retired: {} };
  const files = new Map();
  for (const name of readdirSync(assets)) {
    const file = join(assets, name);
    if (name !== RETIRED_MANIFEST && statSync(file).isFile()) files.set(name, readFileSync(file));
  }
  return { files, retired: readManifest(assets) };
}

/**
 * After the build: puts back each file of the previous build the new one does not have, unless it was
 * retired more than `keepMs` ago, and writes the manifest. Returns how many were kept and dropped.
 */
export function keepRetired(outDir, taken, now = Date.now(), keepMs = KEEP_RETIRED_MS) {
  const assets = join(outDir, 'assets');
  const retired = {};
  let kept = 0;
  let dropped = 0;
  for (const [name, content] of taken.files) {
    if (existsSync(join(assets, name))) continue; // still part of the build
    const since = typeof taken.retired[name] === 'number' ? taken.retired[name] : now;
    if (now - since > keepMs) {
      dropped++;
      continue;
    }
    writeFileSync(join(assets, name), content);
    retired[name] = since;
    kept++;
  }
  const manifest = join(assets, RETIRED_MANIFEST);
  if (kept > 0) writeFileSync(manifest, `${JSON.stringify(retired, null, 1)}\n`);
  else rmSync(manifest, { force: true });
  return { kept, dropped };
}
