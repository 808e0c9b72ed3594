/**
 * New services: a blank one (files the generator accepts as soon as the editor adds a field and its
 * texts), or a copy of an existing one under new names. Nothing is written here: the draft is saved
 * like any other.
 */
import type { JsonObject, ServiceDraft } from './document.ts';
import { isObject } from './locate.ts';

export interface NewServiceOptions {
  id: string;
  collection: string;
  /** Reference prefix, 2–4 capitals. */
  prefix: string;
  /** The form's address. */
  route: string;
  /** The staff list's address. */
  adminRoute: string;
  /** English title (the Texts tab marks it missing otherwise). */
  title?: string;
}

function checkOptions(o: NewServiceOptions): void {
  if (!/^[a-z][a-z0-9-]*$/.test(o.id)) throw new Error('a service id is lower-case letters, digits and dashes, a letter first');
  if (!/^[a-z][a-z0-9_]*$/.test(o.collection)) throw new Error('a collection name is lower-case letters, digits and underscores, a letter first');
  if (!/^[A-Z]{2,4}$/.test(o.prefix)) throw new Error('a reference prefix is 2 to 4 capital letters');
  for (const r of [o.route, o.adminRoute]) if (!/^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/.test(r)) throw new Error('an address starts with / and holds lower-case letters, digits and dashes');
}

/** The texts every new service starts with: the message after sending and the staff list's delete notice. */
const STARTER_TEXTS = {
  en: { received: 'We have received your application', deleted: 'Deleted successfully' },
  uz: { received: 'Arizangiz qabul qilindi', deleted: 'Muvaffaqiyatli oʻchirildi' },
  ru: { received: 'Ваша заявка получена', deleted: 'Успешно удалено' },
};

export function newService(o: NewServiceOptions): ServiceDraft {
  checkOptions(o);
  const texts = (l: keyof typeof STARTER_TEXTS): JsonObject => ({
    ...(l === 'en' && o.title ? { title: o.title } : {}),
    'admin.deleted': STARTER_TEXTS[l].deleted,
    received: STARTER_TEXTS[l].received,
  });
  return {
    id: o.id,
    files: {
      'service.json': {
        $schema: '../../meta/service.meta.json',
        id: o.id,
        collection: o.collection,
        reference: { prefix: o.prefix },
        forms: [{ id: 'main', route: o.route, success: { show: 'instead', blocks: [{ type: 'heading', message: 'received' }] } }],
        admin: { route: o.adminRoute, order: 'newest' },
        trash: { topic: o.id },
      },
      'form.schema.json': {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        additionalProperties: false,
        properties: {},
      },
      'form.ui.json': {},
      'admin.ui.json': { title: 'admin.title', deleted: 'admin.deleted', fields: [] },
      'i18n/en.json': texts('en'),
      'i18n/uz.json': texts('uz'),
      'i18n/ru.json': texts('ru'),
    },
  };
}

/**
 * A copy of a service under a new id, collection, prefix and addresses. What must be unique across the
 * site goes: other forms' addresses get the new id appended, staff list aliases and listings on
 * /services are dropped, and renames (`x-renamed-from`) are forgotten (the new collection has no old
 * columns).
 */
export function duplicateService(draft: ServiceDraft, o: NewServiceOptions): ServiceDraft {
  checkOptions(o);
  const files = structuredClone(draft.files);
  const service = files['service.json'] as JsonObject;
  service.id = o.id;
  service.collection = o.collection;
  service.reference = { ...(isObject(service.reference) ? service.reference : {}), prefix: o.prefix };
  const forms = Array.isArray(service.forms) ? service.forms.filter(isObject) : [];
  forms.forEach((f, i) => {
    f.route = i === 0 ? o.route : `${String(f.route)}-${o.id}`;
    delete f.listing;
  });
  if (isObject(service.admin)) {
    service.admin.route = o.adminRoute;
    delete service.admin.aliases;
  }
  if (isObject(service.trash)) service.trash.topic = o.id;
  const forget = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(forget);
    else if (isObject(v)) {
      delete v['x-renamed-from'];
      Object.values(v).forEach(forget);
    }
  };
  forget(files['form.schema.json']);
  if (o.title) (files['i18n/en.json'] as JsonObject).title = o.title;
  return { id: o.id, files };
}
