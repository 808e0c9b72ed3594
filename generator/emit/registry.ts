/** The renderer's view of the site: src/generated/registry.ts, one module per form and per page, one catalogue per language. */
import type { AdminCard, AdminField, AdminListColumn, FormModule, Locale, PageModule } from '../../shared/registry.ts';
import { siteCollections, type ServiceModel, type SiteModel, type VariantModel } from '../model/types.ts';
import { agreementsTable } from '../agreements.ts';
import { browserValidatorSource, formSchemaId } from './browserValidators.ts';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { isVerbatimMessage, messagePartOf } from '../../shared/messageParts.ts';
import { render } from './template.ts';
import { REFERENCE_FIELD, takesPayment } from '../transform/collections.ts';
import { defaultCopy, groupColumns } from '../model/adminDisplay.ts';

export type Files = Map<string, string>;

const formModuleName = (s: ServiceModel, variant: string) => `${s.id}.${variant}`;

/**
 * Removes x- keywords the browser validator and RJSF need not see; traits carry them instead. x-date
 * stays: it is a keyword of the validator (emit/dateKeyword.ts) and the date input reads its limits.
 */
function browserSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(browserSchema);
  if (schema && typeof schema === 'object') {
    return Object.fromEntries(
      Object.entries(schema)
        .filter(([k]) => (!k.startsWith('x-') || k === 'x-date') && k !== '$comment')
        .map(([k, v]) => [k, browserSchema(v)]),
    );
  }
  return schema;
}

/**
 * Card fields a text search can match: stored as plain text (not files, not sensitive, not numbers),
 * and the reference an applicant quotes on the phone (generator/transform/collections.ts).
 */
export function searchFields(s: ServiceModel): string[] {
  return [
    REFERENCE_FIELD,
    ...s.admin.fields
      .filter((f) => !['file', 'files', 'group', 'masked'].includes(f.display))
      .filter((f) => ['text', 'email', 'select'].includes(s.fields.find((x) => x.name === f.name)?.kind ?? ''))
      .map((f) => f.name),
  ];
}

/**
 * A retired column on old records' cards, after the form's fields: a file as a file, a select by its
 * option's text while the service keeps one (else as stored), anything else as stored (json as JSON).
 */
function retiredCardFields(s: ServiceModel): AdminCard['fields'] {
  return (s.retired ?? [])
    .filter((c) => !c.hidden)
    .map((c) => {
      const display = c.type === 'file' ? (c.several ? 'files' : 'file') : 'text';
      return {
        name: c.name,
        label: `service.${s.id}.fields.${c.name}.label`,
        display,
        copy: defaultCopy(display),
        ...(c.type === 'select' ? { options: `service.${s.id}.fields.${c.name}.options` } : {}),
        retired: true as const,
      };
    });
}

/**
 * The list's columns (model/columns.ts) as the browser gets them: a built-in's header `staff.column.<kind>`,
 * a field column with its card field (display, options, masking) and, by default, the field's label.
 */
function listColumns(s: ServiceModel, fields: AdminField[]): AdminListColumn[] {
  return s.admin.columns.map((c) => {
    const field = c.kind === 'field' ? fields.find((f) => f.name === c.name) : undefined;
    return {
      name: c.name,
      kind: c.kind,
      label: c.label ?? field?.label ?? `staff.column.${c.kind}`,
      ...(c.sort ? { sort: c.sort } : {}),
      ...(c.fields ? { fields: c.fields } : {}),
      ...(field ? { field } : {}),
    };
  });
}

export function adminCard(s: ServiceModel): AdminCard {
  const card = cardWithoutColumns(s);
  return { ...card, columns: listColumns(s, card.fields) };
}

function cardWithoutColumns(s: ServiceModel): Omit<AdminCard, 'columns'> {
  return {
    route: s.admin.route,
    aliases: s.admin.aliases,
    title: s.admin.title,
    deleted: s.admin.deleted,
    sort: s.admin.sort,
    fields: s.admin.fields.map((f) => {
      const field = s.fields.find((x) => x.name === f.name);
      // Choice fields show their option's text; amounts (x-format) and free text show the value.
      const options = field?.kind === 'select' && f.display === 'text' ? (field.traits.options ?? `service.${s.id}.fields.${f.name}.options`) : undefined;
      const columns = f.display === 'group' && field ? groupColumns(`service.${s.id}`, f.name, field.schema) : undefined;
      return {
        name: f.name,
        label: f.label ?? `service.${s.id}.fields.${f.name}.label`,
        display: f.display,
        copy: f.copy,
        ...(f.tail ? { tail: f.tail } : {}),
        ...(options ? { options } : {}),
        ...(columns ? { columns } : {}),
        ...(field?.conditional ? { conditional: true as const } : {}),
      };
    }).concat(retiredCardFields(s)),
    search: searchFields(s),
  };
}

/** Labels resolve service-first; the registry records which key wins so the renderer needs no fallback for admin labels. */
export function resolveAdminLabels(card: AdminCard, site: SiteModel): AdminCard {
  const en = site.messages.en;
  const fields = card.fields.map((f) => ({ ...f, label: f.label in en ? f.label : `fields.${f.name}.label` }));
  const columns = card.columns.map((c) => {
    const field = c.field && fields.find((f) => f.name === c.name);
    // A field column without a header of its own reads the field's (resolved) label.
    return field ? { ...c, field, label: c.label === c.field?.label ? field.label : c.label } : c;
  });
  return { ...card, fields, columns };
}

/**
 * A message as the browser's parts carry it: the AST react-intl would parse at run time (same parser,
 * same options), or for an agreement document its text as one literal (shared/messageParts.ts).
 */
export function compiledMessage(locale: Locale, key: string, text: string): MessageFormatElement[] {
  if (isVerbatimMessage(key)) return [{ type: TYPE.literal, value: text }];
  try {
    return parse(text, { locale: new Intl.Locale(locale) });
  } catch (err) {
    throw new Error(`message "${key}" (${locale}) is not a valid ICU message: ${(err as Error).message}`, { cause: err });
  }
}

/** A service's entry in the registry; each form names its module (`module`) where the registry's code loads it. */
export function serviceEntry(s: ServiceModel, site: SiteModel) {
  return {
    id: s.id,
    collection: s.collection,
    messages: `service.${s.id}`,
    constants: s.constants,
    payments: takesPayment(s),
    payment: s.payment,
    ...(s.agreements ? { agreements: agreementsTable(s.agreements) } : {}),
    forms: s.variants.map((v) => ({
      id: v.id,
      route: v.route,
      success: v.success,
      ...(v.checkout ? { checkout: { url: v.checkout.url } } : {}),
      title: `service.${s.id}.forms.${v.id}.title` in site.messages.en ? `service.${s.id}.forms.${v.id}.title` : `service.${s.id}.title`,
      module: formModuleName(s, v.id),
    })),
    admin: resolveAdminLabels(adminCard(s), site),
    workflow: s.workflow,
  };
}

/** A form variant's module as the browser gets it, but its validators: those are `validatorSource`, an ES module's code. */
export function formModule(s: ServiceModel, v: VariantModel): { name: string; form: Omit<FormModule, 'validators'>; validatorSource: string } {
  const name = formModuleName(s, v.id);
  const schema = { $id: formSchemaId(name), ...(browserSchema(v.schema) as object) } as FormModule['schema'];
  const form: Omit<FormModule, 'validators'> = { variant: v.id, schema, uiSchema: v.ui, traits: v.traits, blocks: v.blocks, ...(v.steps ? { steps: v.steps } : {}), ...(v.sections ? { sections: v.sections } : {}) };
  return { name, form, validatorSource: browserValidatorSource(schema, name) };
}

export function emitRegistry(site: SiteModel): Files {
  const files: Files = new Map();
  const services = site.services.map((s) => serviceEntry(s, site));
  const pages = site.pages.map((p) => ({ id: p.id, route: p.route, title: `page.${p.id}.title` }));
  files.set(
    'src/generated/registry.ts',
    render('registry.ts.hbs', {
      languages: site.languages,
      defaultLanguage: site.defaultLanguage,
      ...siteCollections(site),
      statuses: site.statuses,
      site: { company: site.company, brand: site.brand, constants: site.constants, header: site.header, footer: site.footer, products: site.products },
      services,
      listing: site.listing,
      pages,
    }),
  );
  for (const s of site.services) {
    for (const v of s.variants) {
      const { name, form, validatorSource } = formModule(s, v);
      files.set(`src/generated/forms/${name}.ts`, render('form.ts.hbs', { service: s.id, name, form }));
      files.set(`src/generated/forms/${name}.validate.ts`, render('form-validate.ts.hbs', { service: s.id, source: validatorSource }));
    }
  }
  for (const p of site.pages) {
    const page: PageModule = { blocks: p.blocks };
    files.set(`src/generated/pages/${p.id}.ts`, render('page.ts.hbs', { id: p.id, page }));
  }
  for (const locale of site.languages) {
    const sorted = Object.fromEntries(Object.entries(site.messages[locale]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    files.set(`src/generated/messages/${locale}.json`, `${JSON.stringify(sorted, null, 2)}\n`);
    const parts = new Map<string, Record<string, MessageFormatElement[]>>();
    for (const [key, text] of Object.entries(sorted)) {
      const part = messagePartOf(key);
      const messages = parts.get(part) ?? {};
      messages[key] = compiledMessage(locale, key, text);
      parts.set(part, messages);
    }
    for (const [part, messages] of parts) files.set(`src/generated/messages/parts/${locale}/${part}.json`, `${JSON.stringify(messages)}\n`);
  }
  return files;
}
