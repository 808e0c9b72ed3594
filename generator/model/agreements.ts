/**
 * Each service's agreements (generator/agreements.ts) joined to its model, their texts to the
 * catalogues, and the rules between them and the service's payment timing.
 */
import { agreementsModel, agreementValues } from '../agreements.ts';
import type { Problems } from '../errors.ts';
import { LOCALES, type SchemaSources } from '../load.ts';
import type { Catalogues } from './messages.ts';
import type { ServiceModel } from './types.ts';

export function addAgreements(services: ServiceModel[], sources: SchemaSources, messages: Catalogues, problems: Problems): void {
  for (const [i, s] of services.entries()) {
    const src = sources.services[i];
    if (!src) continue;
    const declared = src.service.data.agreements;
    const agreements = agreementsModel(src, declared, agreementValues(sources.site.data.company, s.constants), problems);
    if (s.payment === 'after-cancellation' && !agreements?.businessDays) {
      problems.add(src.service.path, '/payment', '"after-cancellation" needs a cancellation right (agreements.cancellation)');
    }
    if (!agreements) continue;
    s.agreements = agreements;
    // Filled in with the company's and the service's values: the texts the applicant reads.
    for (const d of agreements.documents)
      for (const l of LOCALES) {
        messages[l][`service.${s.id}.agreements.${d.id}.title`] = d.texts[l].title;
        messages[l][`service.${s.id}.agreements.${d.id}.text`] = d.texts[l].body;
      }
    if (agreements.businessDays && s.payment === 'upfront' && src.service.data.payment !== 'upfront') {
      problems.add(src.service.path, '/payment', 'a service with a cancellation right must say when it takes payment ("after-cancellation", "after-service", or "upfront" explicitly)');
    }
  }
}
