/**
 * The Vite plugin behind `npm run dev`'s live preview: on each change under schemas/ (seen by Vite's own
 * file watcher) the generator runs in this process, writes what changed, and Vite's module graph takes
 * it from there (the changed generated modules are hot-updated, or the page reloads). While the schemas
 * have problems nothing is written, the page keeps its last good state, and the problems are shown in
 * the page with Vite's error overlay (its documented `error` payload) as well as in the terminal; the
 * next good run clears the overlay.
 */
import { join, relative, sep } from 'node:path';
import type { ErrorPayload, Plugin, ViteDevServer } from 'vite';
import { SchemaError, type SchemaProblem } from '../../generator/errors.ts';
import { writeOutput, type Written } from '../../generator/output.ts';
import { generate } from '../../generator/pipeline.ts';

/** An editor's save is often several writes (a temporary file, a rename): one run after they settle. */
const DEBOUNCE_MS = 80;
/** How long the page waits for Vite to see the files a run wrote before it is reloaded regardless. */
const FALLBACK_RELOAD_MS = 1500;

export type Outcome = { ok: true; output: Written; ms: number } | { ok: false; problems: SchemaProblem[]; message: string; ms: number };

/** One run of the generator on the tree at `root`, writing its output; schema problems are a result, not a throw. */
export async function regenerate(root: string): Promise<Outcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const result = await generate({ root });
    return { ok: true, output: writeOutput(root, result), ms: ms() };
  } catch (err) {
    if (err instanceof SchemaError) return { ok: false, problems: err.problems, message: err.message, ms: ms() };
    throw err;
  }
}

/** The overlay's content: the generator's own text of every problem, and the first one's place (a link to it). */
export function overlayError(root: string, outcome: Extract<Outcome, { ok: false }>): ErrorPayload['err'] {
  const [first] = outcome.problems;
  const count = outcome.problems.length;
  return {
    message: `The schemas have ${count} problem${count === 1 ? '' : 's'}; the page shows the last good state until they are fixed.\n\n${outcome.message}`,
    stack: '',
    plugin: 'formwork: schemas',
    ...(first ? { id: join(root, first.file), loc: { file: join(root, first.file), line: first.line, column: first.column } } : {}),
  };
}

export interface SchemaWatchOptions {
  root: string;
  /** The run made before the server started: its problems are shown to the first page that connects. */
  initial?: Outcome;
  /** After each good run that wrote something (e.g. to apply new migrations to the dev server). */
  onWritten?: (output: Written) => Promise<void>;
  log?: Pick<Console, 'log' | 'error'>;
}

export function schemaWatch({ root, initial, onWritten, log = console }: SchemaWatchOptions): Plugin {
  const schemasDir = join(root, 'schemas');
  /**
   * The generated files a run wrote whose change Vite has yet to see. The page is reloaded once Vite has
   * seen them all (its module graph then serves their new content), instead of Vite's own hot update of
   * each: generated modules are data that React Fast Refresh cannot swap, so each update ended in a
   * reload anyway, one round trip later.
   */
  const awaited = new Set<string>();
  let reloadPage = () => {};
  return {
    name: 'formwork:schema-watch',
    apply: 'serve',
    hotUpdate({ file }) {
      if (this.environment.name !== 'client' || !awaited.delete(file)) return;
      if (awaited.size === 0) reloadPage();
      return [];
    },
    configureServer(server: ViteDevServer) {
      let fallback: NodeJS.Timeout | undefined;
      reloadPage = () => {
        clearTimeout(fallback);
        awaited.clear();
        server.ws.send({ type: 'full-reload' });
      };
      let shown: ErrorPayload['err'] | null = initial && !initial.ok ? overlayError(root, initial) : null;
      let timer: NodeJS.Timeout | undefined;
      let running = false;
      let again = false;

      const run = async (): Promise<void> => {
        if (running) {
          again = true;
          return;
        }
        running = true;
        try {
          const outcome = await regenerate(root);
          if (!outcome.ok) {
            log.error(`\n${outcome.message.split('\n').map((l) => `  ${l}`).join('\n')}\n  (${outcome.problems.length} problem(s); nothing was written)`);
            shown = overlayError(root, outcome);
            server.ws.send({ type: 'error', err: shown });
            return;
          }
          const { written, removed, migrations } = outcome.output;
          const changed = [...written, ...removed, ...migrations];
          log.log(changed.length ? `regenerated in ${outcome.ms} ms: ${changed.join(', ')}` : `regenerated in ${outcome.ms} ms: nothing changed`);
          // Vite's watcher ignores nothing the generator writes; should an event of it never come (a
          // rename it coalesced), the page is reloaded anyway a moment later.
          for (const path of [...written, ...removed]) awaited.add(join(root, path));
          // A fix that undid the mistake may write nothing: the overlay still goes with a reload.
          if (awaited.size === 0 && shown) reloadPage();
          else if (awaited.size > 0) {
            clearTimeout(fallback);
            fallback = setTimeout(reloadPage, FALLBACK_RELOAD_MS);
          }
          shown = null;
          if (changed.length) await onWritten?.(outcome.output).catch((err: unknown) => {
            // The schemas are fine, the dev server is not (a migration it could not apply): said as plainly.
            const message = `The dev server could not take the change: ${err instanceof Error ? err.message : String(err)}`;
            log.error(message);
            shown = { message, stack: '', plugin: 'formwork: schemas' };
            server.ws.send({ type: 'error', err: shown });
          });
        } catch (err) {
          // A fault of the generator itself, not of the schemas: shown the same way, with its stack.
          const e = err instanceof Error ? err : new Error(String(err));
          log.error(e.stack ?? e.message);
          shown = { message: `The generator failed: ${e.message}`, stack: e.stack ?? '', plugin: 'formwork: schemas' };
          server.ws.send({ type: 'error', err: shown });
        } finally {
          running = false;
          if (again) {
            again = false;
            void run();
          }
        }
      };

      server.watcher.add(schemasDir);
      server.watcher.on('all', (_event, file) => {
        if (!file.startsWith(schemasDir + sep)) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          log.log(`schemas changed (${relative(root, file)}): regenerating`);
          void run();
        }, DEBOUNCE_MS);
      });
      // A page opened (or reloaded) while the schemas have problems is shown them too.
      server.ws.on('connection', () => {
        if (shown) server.ws.send({ type: 'error', err: shown });
      });
    },
  };
}
