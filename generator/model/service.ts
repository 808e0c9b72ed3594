/** One service's model from its folder (service.json, form.schema.json, form.ui.json, admin.ui.json). */
import type { Problems } from '../errors.ts';
import type { ServiceSource } from '../load.ts';
import { namespaced } from './blocks.ts';
import { fieldModels } from './fields.ts';
import { readForm, type Form } from './form.ts';
import { defaultCopy, derivedDisplay, displayProblem } from './adminDisplay.ts';
import type { AdminFieldModel, FieldModel, ServiceModel } from './types.ts';
import { shownFields, variantModels } from './variants.ts';
import { listColumns } from './columns.ts';
import { checkOwnNames, checkWorkflow, workflowModel, type SiteStatuses } from './workflow.ts';

/**
 * The staff card's fields, each shown as its schema suggests (adminDisplay.ts): a sensitive field is
 * always masked; files, amounts, dates, groups show as such unless admin.ui.json picks another fitting display.
 */
function adminFields(src: ServiceSource, form: Form, fields: FieldModel[], problems: Problems): AdminFieldModel[] {
  const ns = `service.${src.id}`;
  return src.admin.data.fields.map((f, i) => {
    // A conditional field (declared in an if/then branch) is a field of the model, not of the root properties.
    const prop = form.properties[f.name] ?? fields.find((x) => x.name === f.name)?.schema;
    if (!prop) problems.add(src.admin.path, `/fields/${i}/name`, `"${f.name}" is not a property of the form`);
    const problem = prop && displayProblem(prop, f.display, f.copy);
    if (problem) problems.add(src.admin.path, `/fields/${i}`, problem);
    const derived = prop ? derivedDisplay(prop) : 'text';
    const display = derived === 'masked' || derived === 'group' || derived === 'files' ? derived : (f.display ?? derived);
    return { name: f.name, display, copy: f.copy ?? defaultCopy(display), ...(f.label ? { label: namespaced(ns, f.label) } : {}), ...(f.tail ? { tail: f.tail } : {}) };
  });
}

/** Who a submission's e-mails go to; the templates are resolved against the site's (mailTemplates.ts). */
function mailOf(src: ServiceSource, form: Form, problems: Problems): ServiceModel['mail'] {
  const mail = src.service.data.mail ?? {};
  (mail.name ?? []).forEach((n, i) => !form.properties[n] && problems.add(src.service.path, `/mail/name/${i}`, `"${n}" is not a property of the form`));
  if (mail.applicant && form.properties[mail.applicant.to]?.format !== 'email') {
    problems.add(src.service.path, '/mail/applicant/to', `"${mail.applicant.to}" is not an e-mail field (format: email) of the form`);
  }
  // A status e-mail goes where the confirmation goes: the form's e-mail field named by mail.applicant.
  if (mail.status && !mail.applicant) problems.add(src.service.path, '/mail/status', 'status e-mails go to the applicant\'s address: declare mail.applicant (its template and e-mail field) too');
  return {
    ...(mail.applicant ? { applicant: mail.applicant } : {}),
    staff: mail.staff === true,
    name: mail.name ?? [],
    ...(mail.status ? { status: { template: mail.status.template, notify: [...mail.status.notify] } } : {}),
  };
}

/** The service's workflow (its own, else the site's), its own checked; and what stored statuses it no longer has become. */
function workflowOf(src: ServiceSource, site: SiteStatuses, problems: Problems): Pick<ServiceModel, 'workflow' | 'statusFrom'> {
  const own = src.service.data.workflow;
  if (own) {
    checkWorkflow(own.statuses, own.transitions, site.statusMeanings, src.service.path, '/workflow', problems);
    checkOwnNames(own, src.service.path, problems);
  }
  return { workflow: workflowModel(site, own), statusFrom: { ...(own?.from ?? {}) } };
}

export async function serviceModel(src: ServiceSource, problems: Problems, site: SiteStatuses): Promise<ServiceModel> {
  const service = src.service.data;
  const admin = src.admin.data;
  const ns = `service.${src.id}`;
  const form = await readForm(src, problems);
  if (service.id !== src.id) problems.add(src.service.path, '/id', `must equal the folder name "${src.id}"`);
  const shownIn = shownFields(src, form, problems);
  const fields = fieldModels(src, form, shownIn, problems);
  const variants = variantModels(src, form, shownIn, problems);
  const adminCard = adminFields(src, form, fields, problems);
  const mail = mailOf(src, form, problems);
  const columns = listColumns(admin.columns, { ns, card: adminCard, nameFields: mail.name, payments: variants.some((v) => v.checkout) }, src.admin.path, problems);
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
      columns,
    },
    topic: service.trash.topic,
    referencePrefix: service.reference.prefix,
    mail,
    payment: service.payment ?? 'upfront',
    ...workflowOf(src, site, problems),
  };
}
