/**
 * Step 3: one in-memory model of the whole site (types.ts), normalised from the validated sources.
 * Every emitter reads only this model. Cross-file rules (a variant naming an unknown field, a missing
 * translation, a route used twice) are checked by the modules beside this one, with the file and
 * pointer they come from.
 */
import type { Problems } from '../errors.ts';
import type { SchemaSources } from '../load.ts';
import { addAgreements } from './agreements.ts';
import { mailTemplates } from './mailTemplates.ts';
import { catalogues, checkServiceKeys } from './messages.ts';
import { checkPages, pageModels, productPages } from './pages.ts';
import { brandModel } from './brand.ts';
import { listingModel } from './listing.ts';
import { checkRoutes } from './routes.ts';
import { checkStatusMeanings } from './statuses.ts';
import { checkWorkflow } from './workflow.ts';
import { checkReplies } from './replies.ts';
import { serviceModel } from './service.ts';
import type { SiteModel } from './types.ts';

export async function buildModel(sources: SchemaSources, problems: Problems): Promise<SiteModel> {
  const site = sources.site.data;
  const services = await Promise.all(sources.services.map((s) => serviceModel(s, problems, site)));
  const pages = pageModels(sources, problems);
  const messages = catalogues(sources, problems);
  addAgreements(services, sources, messages, problems);
  checkServiceKeys(services, sources, messages, problems);
  checkPages(pages, sources, messages, problems);
  const mail = mailTemplates(services, sources, problems);
  const listing = listingModel(sources, problems);
  const products = site.products ?? {};
  const soldOn = productPages(pages, sources, messages, problems);
  for (const status of site.statuses) {
    if (!(`status.${status}` in messages.en)) problems.add(sources.site.path, '/statuses', `no English text for message "status.${status}" (common/i18n)`);
  }
  services.forEach((s, i) => {
    if (!sources.services[i]!.service.data.workflow) return;
    s.workflow.statuses.forEach((status, j) => {
      if (!(`status.${status}` in messages.en)) problems.add(sources.services[i]!.service.path, `/workflow/statuses/${j}`, `no English text for message "status.${status}" (common/i18n)`);
    });
  });
  checkStatusMeanings(site, sources.site.path, problems);
  checkWorkflow(site.statuses, site.transitions, site.statusMeanings, sources.site.path, '', problems);
  checkReplies(site.replies ?? [], site.languages, messages, sources.site.path, problems);
  const header = site.header ?? [];
  const footer = site.footer ?? [];
  for (const l of [...header, ...footer]) {
    if (!(l.message in messages.en)) problems.add(sources.site.path, '', `no English text for message "${l.message}" (common/i18n)`);
  }
  checkRoutes({ services, pages, shellLinks: [...header, ...footer], products }, sources, problems);

  return {
    languages: site.languages,
    defaultLanguage: site.defaultLanguage,
    staffCollection: site.staffCollection,
    trashCollection: site.trashCollection,
    outboxCollection: site.outboxCollection,
    auditCollection: site.auditCollection,
    historyCollection: site.historyCollection,
    noteCollection: site.noteCollection,
    statuses: site.statuses,
    transitions: site.transitions,
    statusMeanings: site.statusMeanings,
    signatureCollection: site.signatureCollection,
    agreementTextCollection: site.agreementTextCollection,
    webhookEventCollection: site.webhookEventCollection,
    draftCollection: site.draftCollection,
    replies: site.replies ?? [],
    // Without site.json's $comment.
    retention: { default: site.retention.default, categories: { ...site.retention.categories }, signatureYears: site.retention.signatureYears },
    mail,
    company: site.company,
    brand: brandModel(sources, problems),
    constants: site.constants ?? {},
    header,
    products,
    productPages: soldOn,
    footer,
    services,
    listing,
    pages,
    messages,
  };
}
