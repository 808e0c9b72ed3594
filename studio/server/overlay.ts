/**
 * The project as the generator would see it with a draft saved: a temporary tree whose entries link to
 * the project's own, except schemas/services/<id>/, which holds the draft's files (and links to whatever
 * else the service folder has: mail/, agreements/). The generator runs on it unchanged, and names each
 * file as it names the project's (`schemas/services/<id>/form.schema.json`), since paths are relative to
 * the tree's root. Nothing in the project is written.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ServiceFile } from '../model/document.ts';
import { serviceDir, serviceIds } from './project.ts';

export class Overlay {
  readonly root: string;
  readonly schemasDir: string;
  /** The service whose folder holds a draft now. */
  private draftOf: string | undefined;

  constructor(private readonly project: string) {
    this.root = mkdtempSync(join(tmpdir(), 'formwork-studio-'));
    this.schemasDir = join(this.root, 'schemas');
    // Linked once: a file changed in the project is seen through its link; only services/ is rebuilt per check.
    for (const entry of readdirSync(project)) if (entry !== 'schemas') symlinkSync(join(project, entry), join(this.root, entry));
    mkdirSync(join(this.schemasDir, 'services'), { recursive: true });
    for (const entry of readdirSync(join(project, 'schemas'))) if (entry !== 'services') symlinkSync(join(project, 'schemas', entry), join(this.schemasDir, entry));
  }

  /** Puts the draft of service `id` in place of the project's (or beside them, for a new service). */
  place(id: string, texts: Record<ServiceFile, string>): void {
    const services = join(this.schemasDir, 'services');
    const ids = new Set(serviceIds(this.project));
    // The last draft's folder goes when another service is checked, and so does a service no longer on disk.
    for (const entry of readdirSync(services)) {
      if ((entry === this.draftOf && entry !== id) || (!ids.has(entry) && entry !== id)) rmSync(join(services, entry), { recursive: true, force: true });
    }
    if (this.draftOf !== id) rmSync(join(services, id), { recursive: true, force: true });
    // Folders, not links to them: the generator lists services as directories, which a link is not.
    for (const other of ids) if (other !== id && !existsSync(join(services, other))) linkEntries(serviceDir(this.project, other), join(services, other));
    const draftDir = join(services, id);
    // The rest of the service folder (its own e-mails, its agreements) as the project has it.
    const ownFiles = new Set(Object.keys(texts).map((file) => file.split('/')[0] ?? file));
    linkEntries(ids.has(id) ? serviceDir(this.project, id) : undefined, draftDir, ownFiles);
    for (const [file, text] of Object.entries(texts)) {
      const at = join(draftDir, file);
      // Rewritten only when it changed: most edits touch one file.
      if (existsSync(at) && readFileSync(at, 'utf8') === text) continue;
      mkdirSync(dirname(at), { recursive: true });
      writeFileSync(at, text);
    }
    this.draftOf = id;
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** A folder at `to` whose entries link to those of `from` (those not in `except`), each made once. */
function linkEntries(from: string | undefined, to: string, except = new Set<string>()): void {
  mkdirSync(to, { recursive: true });
  for (const entry of from ? readdirSync(from) : []) {
    const at = join(to, entry);
    if (!except.has(entry) && !existsSync(at)) symlinkSync(join(from as string, entry), at);
  }
}
