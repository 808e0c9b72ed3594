/**
 * The site's e-mail templates and which one each service's e-mails use. A service's own template
 * (services/<id>/mail/<name>/) wins over the shared one of the same name; it is emitted as
 * "<id>/<name>" and the service's mail settings point to it.
 */
import type { Problems } from '../errors.ts';
import type { SchemaSources } from '../load.ts';
import { CANCELLATION, mailModels, STAFF_CANCELLATION, STAFF_NOTICE, type MailTemplateModel } from '../mail.ts';
import type { ServiceModel } from './types.ts';

/**
 * service.json mail.status: its template exists and each status it notifies is one of the service's (its
 * workflow's, else site.json's), neither the first (every submission starts there, nobody changes to it)
 * nor the cancelled one (only the applicant cancels, and that sends the cancellation e-mails).
 */
function checkStatusMail(s: ServiceModel, where: string, names: Set<string>, problems: Problems): void {
  const status = s.mail.status;
  if (!status) return;
  const { statuses, initial, cancelled } = s.workflow;
  if (!names.has(status.template)) problems.add(where, '/mail/status/template', `no template schemas/mail/${status.template.replace(`${s.id}/`, '')}/ or mail/${status.template.replace(`${s.id}/`, '')}/ in the service's folder`);
  status.notify.forEach((name, i) => {
    const at = `/mail/status/notify/${i}`;
    if (!statuses.includes(name)) problems.add(where, at, `"${name}" is not one of the statuses (${statuses.join(', ')})`);
    else if (name === initial) problems.add(where, at, `"${name}" is the first status, every new submission's: no change leads to it (the confirmation e-mail says it was received)`);
    else if (name === cancelled) problems.add(where, at, `"${name}" is the applicant's own cancellation, which sends its own e-mails (templates ${CANCELLATION} and ${STAFF_CANCELLATION})`);
  });
}

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
    if (s.mail.status) s.mail.status = { ...s.mail.status, template: resolve(s.id, s.mail.status.template) };
    checkStatusMail(s, where, names, problems);
    // A right to cancel (agreements.cancellation): the applicant gets a confirmation, staff a notice.
    if (s.agreements?.businessDays) {
      const cancellation = { applicant: resolve(s.id, CANCELLATION), staff: resolve(s.id, STAFF_CANCELLATION) };
      for (const t of [cancellation.applicant, cancellation.staff]) {
        if (!names.has(t)) problems.add(where, '/agreements/cancellation', `an applicant who may cancel gets a confirmation and staff a notice: they need the template schemas/mail/${t.replace(`${s.id}/`, '')}/`);
      }
      if (!s.mail.applicant) problems.add(where, '/agreements/cancellation', 'the cancellation is confirmed by e-mail: declare mail.applicant (its template and e-mail field)');
      s.mail.cancellation = cancellation;
    }
  }
  return templates;
}
