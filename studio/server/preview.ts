/**
 * POST /studio-api/preview: what the preview iframe shows of a draft, from the generator's own analysis
 * of the schemas with the draft in place (studio/server/check.ts's overlay, generator/pipeline.ts analyse)
 * and the generator's own emit code: the registry entry and form modules the site would get
 * (generator/emit/registry.ts), the precompiled validators (generator/emit/browserValidators.ts), the
 * messages compiled as the browser gets them, the staff card's sample record and the e-mails
 * (studio/server/previewMails.ts). Nothing is written; nothing of the site's build is involved.
 */
import { compiledMessage, formModule, serviceEntry } from '../../generator/emit/registry.ts';
import { sampleAnswers, samplePath } from '../../generator/emit/stories.ts';
import type { Analysis } from '../../generator/pipeline.ts';
import type { ServiceModel, SiteModel } from '../../generator/model/types.ts';
import { agreementsPart, CORE_PART, messagePartOf, STAFF_PART } from '../../shared/messageParts.ts';
import type { CompiledMessages, Locale } from '../../shared/registry.ts';
import type { PreviewPayload, PreviewService } from '../preview/payload.ts';
import { previewMails } from './previewMails.ts';
import { sampleRecord } from './previewSamples.ts';

/**
 * Compiled messages by locale, key and text: parsing the whole catalogue takes longer than the rest of
 * the preview, and an edit changes a text or two of it.
 */
const compiled = new Map<string, ReturnType<typeof compiledMessage>>();

function compiledOnce(locale: Locale, key: string, text: string) {
  const id = `${locale}\u0000${key}\u0000${text}`;
  let message = compiled.get(id);
  if (!message) {
    message = compiledMessage(locale, key, text);
    compiled.set(id, message);
  }
  return message;
}

/**
 * What the preview's screens read in `locale`: the core (forms, errors) and the staff texts, with this
 * service's agreement documents, leaving out the other services' own texts and the pages'.
 */
function previewMessages(site: SiteModel, s: ServiceModel, locale: Locale): CompiledMessages {
  const own = `service.${s.id}.`;
  const parts = new Set([CORE_PART, STAFF_PART, agreementsPart(`service.${s.id}`)]);
  const messages: CompiledMessages = {};
  for (const [key, text] of Object.entries(site.messages[locale])) {
    if (key.startsWith('service.') && !key.startsWith(own)) continue;
    if (!parts.has(messagePartOf(key))) continue;
    messages[key] = compiledOnce(locale, key, text);
  }
  return messages;
}

function previewService(site: SiteModel, s: ServiceModel): PreviewService {
  const { forms, agreements, ...entry } = serviceEntry(s, site);
  return {
    ...entry,
    ...(agreements ? { agreements } : {}),
    forms: forms.map(({ module: _moduleName, ...form }) => {
      const v = s.variants.find((x) => x.id === form.id)!;
      const { form: module, validatorSource } = formModule(s, v);
      return { ...form, module, validators: validatorSource, path: samplePath(v), sample: sampleAnswers(v) };
    }),
  };
}

/**
 * The preview of service `serviceId` in `locale`, from an analysis of the schemas with the draft in place.
 * Throws when the analysis has no such service.
 */
export function buildPreview(analysis: Analysis, serviceId: string, locale: Locale): PreviewPayload {
  const started = performance.now();
  const site = analysis.model;
  const s = site.services.find((x) => x.id === serviceId);
  if (!s) throw new Error(`no service "${serviceId}" in the analysed schemas`);
  const record = sampleRecord(s);
  return {
    serviceId,
    locale,
    service: previewService(site, s),
    messages: previewMessages(site, s, locale),
    record,
    mails: previewMails(site, s, record, locale),
    ms: Math.round(performance.now() - started),
  };
}
