/**
 * The generator's own checks on a draft (generator/pipeline.ts analyse(): load → validate → model →
 * reconcile, nothing emitted), run on the overlay tree (overlay.ts). One run at a time: they share the
 * overlay, and each is CPU-bound anyway.
 */
import { join } from 'node:path';
import { SchemaError, formatLocated, type SchemaProblem } from '../../generator/errors.ts';
import { analyse, type Analysis } from '../../generator/pipeline.ts';
import { UsageError } from '../../generator/transform/retire.ts';
import type { ServiceDraft, ServiceFile } from '../model/document.ts';
import type { Problem } from './api.ts';
import { Overlay } from './overlay.ts';
import { RequestError, checkServiceId, diskTexts, servicePath } from './project.ts';
import { draftTexts } from './texts.ts';

export interface DraftAnalysis {
  /** The draft's files as they will be written. */
  texts: Record<ServiceFile, string>;
  /** The files on disk (absent for a new service or file). */
  disk: Partial<Record<ServiceFile, string>>;
  problems: Problem[];
  /** Present when there is no problem. */
  analysis?: Analysis;
  ms: number;
}

/** A generator problem for the app: a file of the draft's service by its name in the folder, with the CLI's text. */
export function toProblem(id: string, p: SchemaProblem): Problem {
  const own = servicePath(id, '');
  return { ...p, file: p.file.startsWith(own) ? p.file.slice(own.length) : p.file, text: formatLocated(p) };
}

export class Analyser {
  private overlay: Overlay | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /**
   * The last run, by its input: each edit asks twice for the same draft (the check and the preview), and
   * a run is most of the time an edit takes to reach the preview. The service's files on disk are part
   * of the input (a hand edit beside the studio); Save, which also writes migrations, forgets it.
   */
  private last: { key: string; result: Promise<DraftAnalysis> } | undefined;

  constructor(private readonly root: string) {}

  /** The draft checked as the generator checks it; `drop`: columns (`<collection>.<field>`) dropped as by `--drop`. */
  run(draft: ServiceDraft, drop: string[] = []): Promise<DraftAnalysis> {
    let key: string;
    try {
      key = JSON.stringify([draft, drop, diskTexts(this.root, checkServiceId(draft.id))]);
    } catch {
      key = '';
    }
    if (key && this.last?.key === key) return this.last.result;
    const next = this.queue.then(() => this.analyseNow(draft, drop));
    this.queue = next.catch(() => undefined);
    this.last = { key, result: next };
    next.catch(() => {
      if (this.last?.result === next) this.last = undefined;
    });
    return next;
  }

  /** After the project's files changed (a save): the next run reads them again. */
  forget(): void {
    this.last = undefined;
  }

  private async analyseNow(draft: ServiceDraft, drop: string[]): Promise<DraftAnalysis> {
    const started = performance.now();
    const id = checkServiceId(draft.id);
    const disk = diskTexts(this.root, id);
    const texts = draftTexts(draft, disk);
    this.overlay ??= new Overlay(this.root);
    this.overlay.place(id, texts);
    const base = { texts, disk };
    try {
      const analysis = await analyse({ root: this.overlay.root, schemasDir: this.overlay.schemasDir, migrationsDir: join(this.root, 'pb_migrations'), drop });
      return { ...base, problems: [], analysis, ms: Math.round(performance.now() - started) };
    } catch (err) {
      if (err instanceof SchemaError) return { ...base, problems: err.problems.map((p) => toProblem(id, p)), ms: Math.round(performance.now() - started) };
      // An impossible drop (a field still on the form, an unknown column): the editor's choice, not the draft.
      if (err instanceof UsageError) throw new RequestError(400, err.message);
      throw err;
    }
  }

  /**
   * One run on the project as it is, started with the server, so the editor's first check is a warm one
   * (the first run compiles the meta-schemas: seconds, not milliseconds).
   */
  warm(): void {
    const next = this.queue.then(() => analyse({ root: this.root }).catch(() => undefined));
    this.queue = next;
  }

  close(): void {
    this.overlay?.remove();
  }
}
