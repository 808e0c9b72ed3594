/**
 * The site's e-mail templates and which one each service's e-mails use. A service's own template
 * (services/<id>/mail/<name>/) wins over the shared one of the same name; it is emitted as
 * "<id>/<name>" and the service's mail settings point to it.
 */
import type { Problems } from '../errors.ts';
import type { SchemaSources } from '../load.ts';
import { mailModels, STAFF_NOTICE, type MailTemplateModel } from '../mail.ts';
import type { ServiceModel } from './types.ts';

export function mailTemplates(services: ServiceModel[], sources: SchemaSources, problems: Problems): MailTemplateModel[] {
  const templates = [
    ...mailModels(sources.mail, problems),
    ...sources.services.flatMap((src) => mailModels(src.mail, problems).map((m) => ({ ...m, name: `${src.id}/${m.name}` }))),
  ];
  const names = new Set(templates.map((m) => m.name));
  const resolve = (serviceId: string, name: string) => (names.has(`${serviceId}/${name}`) ? `${serviceId}/${name}` : name);
  for (const [i, s] of services.entries()) {
    const where = sources.services[i]?.service.path ?? '';
    if (s.mail.applicant) {
      const template = resolve(s.id, s.mail.applicant.template);
      if (!names.has(template)) problems.add(where, '/mail/applicant/template', `no template schemas/mail/${s.mail.applicant.template}/ or mail/${s.mail.applicant.template}/ in the service's folder`);
      s.mail.applicant = { ...s.mail.applicant, template };
    }
    if (s.mail.staff) {
      s.mail.staffTemplate = resolve(s.id, STAFF_NOTICE);
      if (!names.has(s.mail.staffTemplate)) problems.add(where, '/mail/staff', `staff notices need the template schemas/mail/${STAFF_NOTICE}/`);
    }
  }
  return templates;
}
