/**
 * The services list (/services, and any page with a "services" block): each form whose service.json
 * entry says `listing`, in the listing's order, with its title and one line (the service's texts
 * `listing.<form>.title` and `.summary`) and its price. A price may name one of the service's
 * constants, so the list and the form's fee block never disagree; the generator resolves it to dollars.
 */
import type { ListedService } from '../../shared/registry.ts';
import type { Problems } from '../errors.ts';
import type { SchemaSources, ServiceSource } from '../load.ts';

/** The texts a listed form needs (checked with the service's other texts, messages.ts). */
export function listingKeys(src: ServiceSource): { key: string; where: string }[] {
  return src.service.data.forms.flatMap((f, i) =>
    f.listing
      ? (['title', 'summary'] as const).map((text) => ({ key: `service.${src.id}.listing.${f.id}.${text}`, where: `${src.service.path}#/forms/${i}/listing` }))
      : [],
  );
}

/** Dollars from a constant's name or an amount; a problem (and undefined) for a name the service does not define as a number. */
function dollars(value: string | number | undefined, src: ServiceSource, pointer: string, problems: Problems): number | undefined {
  if (value === undefined || typeof value === 'number') return value;
  const constants = src.service.data.constants ?? {};
  const constant = constants[value];
  if (typeof constant === 'number') return constant;
  const numbers = Object.entries(constants)
    .filter(([, v]) => typeof v === 'number')
    .map(([k]) => k);
  problems.add(
    src.service.path,
    pointer,
    constant === undefined
      ? `"${value}" is not one of this service's constants (${numbers.length ? `its amounts: ${numbers.join(', ')}` : 'it has none'}); name one, or give the amount in dollars (125)`
      : `the constant "${value}" is not an amount (a number)`,
  );
  return undefined;
}

export function listingModel(sources: SchemaSources, problems: Problems): ListedService[] {
  const listed: { entry: ListedService; order: number; where: string }[] = [];
  for (const src of sources.services) {
    for (const [i, form] of src.service.data.forms.entries()) {
      const listing = form.listing;
      if (!listing) continue;
      const pointer = `/forms/${i}/listing`;
      if (form.route.includes(':')) {
        problems.add(src.service.path, pointer, `the form's route "${form.route}" has a parameter, so the list could not link to it; list a form with a plain route`);
      }
      const taken = listed.find((l) => l.order === listing.order);
      if (taken) {
        problems.add(src.service.path, `${pointer}/order`, `order ${listing.order} is already the place of ${taken.entry.service}'s form "${taken.entry.form}" (${taken.where}); give each listed form its own`);
      }
      const price = dollars(listing.price, src, `${pointer}/price`, problems);
      const monthly = dollars(listing.monthly, src, `${pointer}/monthly`, problems);
      const key = `service.${src.id}.listing.${form.id}`;
      listed.push({
        order: listing.order,
        where: src.service.path,
        entry: {
          service: src.id,
          form: form.id,
          route: form.route,
          title: `${key}.title`,
          summary: `${key}.summary`,
          ...(price !== undefined ? { price } : {}),
          ...(monthly !== undefined ? { monthly } : {}),
        },
      });
    }
  }
  return listed.sort((a, b) => a.order - b.order).map((l) => l.entry);
}
