/** One service's model from its folder (service.json, form.schema.json, form.ui.json, admin.ui.json). */
import type { Problems } from '../errors.ts';
import type { ServiceSource } from '../load.ts';
import { namespaced } from './blocks.ts';
import { fieldModels } from './fields.ts';
import { readForm, type Form } from './form.ts';
import type { AdminFieldModel, ServiceModel } from './types.ts';
import { shownFields, variantModels } from './variants.ts';

/** The staff card's fields: a sensitive field is always masked; files and amounts show as such by default. */
function adminFields(src: ServiceSource, form: Form, problems: Problems): AdminFieldModel[] {
  const ns = `service.${src.id}`;
  return src.admin.data.fields.map((f, i) => {
    const prop = form.properties[f.name];
    if (!prop) problems.add(src.admin.path, `/fields/${i}/name`, `"${f.name}" is not a property of the form`);
    const fallback = prop?.['x-file'] ? 'file' : prop?.['x-format'] === 'usd' ? 'usd' : 'text';
    const display = prop?.['x-sensitive'] ? 'masked' : (f.display ?? fallback);
    return { name: f.name, display, copy: f.copy ?? true, ...(f.label ? { label: namespaced(ns, f.label) } : {}), ...(f.tail ? { tail: f.tail } : {}) };
  });
}

/** Who a submission's e-mails go to; the templates are resolved against the site's (mailTemplates.ts). */
function mailOf(src: ServiceSource, form: Form, problems: Problems): ServiceModel['mail'] {
  const mail = src.service.data.mail ?? {};
  (mail.name ?? []).forEach((n, i) => !form.properties[n] && problems.add(src.service.path, `/mail/name/${i}`, `"${n}" is not a property of the form`));
  if (mail.applicant && form.properties[mail.applicant.to]?.format !== 'email') {
    problems.add(src.service.path, '/mail/applicant/to', `"${mail.applicant.to}" is not an e-mail field (format: email) of the form`);
  }
  return { ...(mail.applicant ? { applicant: mail.applicant } : {}), staff: mail.staff === true, name: mail.name ?? [] };
}

export async function serviceModel(src: ServiceSource, problems: Problems): Promise<ServiceModel> {
  const service = src.service.data;
  const admin = src.admin.data;
  const ns = `service.${src.id}`;
  const form = await readForm(src, problems);
  if (service.id !== src.id) problems.add(src.service.path, '/id', `must equal the folder name "${src.id}"`);
  const shownIn = shownFields(src, form, problems);
  const fields = fieldModels(src, form, shownIn, problems);
  const variants = variantModels(src, form, shownIn, problems);
  const adminCard = adminFields(src, form, problems);
  return {
    id: src.id,
    collection: service.collection,
    schema: form.schema,
    fields,
    variants,
    constants: service.constants ?? {},
    ...(service.checkout ? { checkout: service.checkout } : {}),
    admin: {
      route: service.admin.route,
      aliases: service.admin.aliases ?? [],
      sort: service.admin.order === 'stored' ? 'created' : '-created',
      title: namespaced(ns, admin.title),
      deleted: namespaced(ns, admin.deleted),
      fields: adminCard,
    },
    topic: service.trash.topic,
    mail: mailOf(src, form, problems),
    payment: service.payment ?? 'upfront',
  };
}
