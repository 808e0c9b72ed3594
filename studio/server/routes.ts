/**
 * The JSON API under /studio-api/ (api.ts has every body's type): which request runs what. A refusal is
 * `{ error }` with its status (project.ts RequestError); anything else that goes wrong is a 500 whose
 * message is also printed in the terminal.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SERVICE_FILES, type ServiceDraft } from '../model/document.ts';
import type { Analyser } from './analysis.ts';
import { API_BASE, type CheckResponse, type ErrorResponse, type NewServiceResponse, type PlanResponse } from './api.ts';
import { catalogue } from './catalogue.ts';
import { readChoices } from './choices.ts';
import { createDraft } from './create.ts';
import { analyseWithChoices, planOf } from './plan.ts';
import { buildPreview } from './preview.ts';
import { RequestError, checkServiceId, loadService } from './project.ts';
import { ProblemsError, save } from './save.ts';

/** Request bodies are drafts: a few hundred kB at most. */
const BODY_LIMIT = 5 * 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new RequestError(413, `the request is larger than ${BODY_LIMIT} bytes`);
    chunks.push(chunk as Buffer);
  }
  try {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // Said below.
  }
  throw new RequestError(400, 'the request body must be a JSON object');
}

/** A draft as the app sends it: an id and a JSON value for every file of a service. */
function readDraft(value: unknown): ServiceDraft {
  const draft = value as Partial<ServiceDraft> | undefined;
  if (!draft || typeof draft !== 'object' || !draft.files || typeof draft.files !== 'object') throw new RequestError(400, 'draft: expected { id, files }');
  checkServiceId(draft.id);
  const missing = SERVICE_FILES.filter((f) => draft.files?.[f] === undefined);
  if (missing.length) throw new RequestError(400, `draft: no ${missing.join(', ')}`);
  return draft as ServiceDraft;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function apiHandler(root: string, analyser: Analyser) {
  const routes: Record<string, (req: IncomingMessage, rest: string) => Promise<unknown> | unknown> = {
    'GET services': () => catalogue(root),
    'GET services/': (_req, id) => loadService(root, checkServiceId(decodeURIComponent(id))),
    'POST services': async (req): Promise<NewServiceResponse> => ({ draft: createDraft(root, await readBody(req)) }),
    'POST check': async (req): Promise<CheckResponse> => {
      const { problems, ms } = await analyser.run(readDraft((await readBody(req)).draft));
      return { problems, ms };
    },
    'POST plan': async (req): Promise<PlanResponse> => {
      const body = await readBody(req);
      const draft = readDraft(body.draft);
      const result = await analyseWithChoices(analyser, draft, readChoices(body.choices));
      if (!result.analysis) return { files: [], migrations: [], removed: [], retired: [], dropped: [], problems: result.problems };
      return { ...planOf(root, draft, { ...result, analysis: result.analysis }), problems: [] };
    },
    'POST save': async (req) => {
      const body = await readBody(req);
      return save(root, analyser, readDraft(body.draft), readChoices(body.choices));
    },
    'POST preview': async (req) => {
      const body = await readBody(req);
      const draft = readDraft(body.draft);
      const locale = body.locale;
      if (locale !== 'en' && locale !== 'uz' && locale !== 'ru') throw new RequestError(400, 'locale: en, uz or ru');
      const { analysis, problems } = await analyser.run(draft);
      // A draft the generator refuses has nothing to show: the app shows its problems instead.
      if (!analysis) throw new ProblemsError(problems);
      return buildPreview(analysis, draft.id, locale);
    },
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '').split('?')[0]!.slice(API_BASE.length + 1);
    const slash = path.indexOf('/');
    const route = routes[`${req.method} ${path}`] ?? (slash > 0 ? routes[`${req.method} ${path.slice(0, slash + 1)}`] : undefined);
    try {
      if (!route) throw new RequestError(404, `no such request: ${req.method} ${req.url}`);
      send(res, 200, await route(req, slash > 0 ? path.slice(slash + 1) : ''));
    } catch (err) {
      if (err instanceof RequestError) {
        const body: ErrorResponse = { error: err.message, ...(err instanceof ProblemsError ? { problems: err.problems } : {}) };
        send(res, err.status, body);
        return;
      }
      console.error(err);
      send(res, 500, { error: err instanceof Error ? err.message : String(err) } satisfies ErrorResponse);
    }
  };
}
