/**
 * The petition fixture given a repeating group (`signers`: name, age, role) and a field of several files
 * (`photos`), with their texts in the three languages: what the generator tests of groups and several
 * files start from.
 */
import type { SchemasCopy } from './schemas-copy.ts';

export const PETITION_FORM = 'services/petition/form.schema.json';

const TEXTS = {
  en: {
    'fields.signers.label': 'Co-signers',
    'fields.signers.add': 'Add a co-signer',
    'fields.signers.row': 'Co-signer {number}',
    'fields.signers.items.name.label': 'Full name',
    'fields.signers.items.age.label': 'Age',
    'fields.signers.items.role.label': 'Role',
    'fields.signers.items.role.options.resident': 'Resident',
    'fields.signers.items.role.options.owner': 'Business owner',
    'fields.photos.label': 'Photos',
  },
  uz: {
    'fields.signers.label': 'Birga imzolovchilar',
    'fields.signers.add': 'Imzolovchi qoʻshish',
    'fields.signers.row': '{number}-imzolovchi',
    'fields.signers.items.name.label': 'Toʻliq ism',
    'fields.signers.items.age.label': 'Yosh',
    'fields.signers.items.role.label': 'Kim',
    'fields.signers.items.role.options.resident': 'Aholi',
    'fields.signers.items.role.options.owner': 'Tadbirkor',
    'fields.photos.label': 'Suratlar',
  },
  ru: {
    'fields.signers.label': 'Соподписанты',
    'fields.signers.add': 'Добавить соподписанта',
    'fields.signers.row': 'Соподписант {number}',
    'fields.signers.items.name.label': 'Полное имя',
    'fields.signers.items.age.label': 'Возраст',
    'fields.signers.items.role.label': 'Кто',
    'fields.signers.items.role.options.resident': 'Житель',
    'fields.signers.items.role.options.owner': 'Владелец бизнеса',
    'fields.photos.label': 'Фотографии',
  },
};

export const signersSchema = () => ({
  type: 'array',
  minItems: 1,
  maxItems: 5,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'role'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100, examples: ['Malika Karimova'] },
      age: { type: 'integer', minimum: 18, maximum: 120 },
      role: { type: 'string', enum: ['resident', 'owner'] },
    },
  },
  'x-category': 'A',
});

export const photosSchema = () => ({
  type: 'array',
  items: { type: 'string' },
  'x-file': { accept: ['application/pdf', 'image/png', 'image/jpeg'], maxSize: 1048576, maxFiles: 3, maxTotalSize: 2097152 },
  'x-category': 'D',
});

/** Adds `signers` and `photos` to the petition form (before `terms`), with their texts. */
export function addSignersAndPhotos(s: SchemasCopy): void {
  s.edit(PETITION_FORM, (j) => {
    const { terms, ...rest } = j.properties;
    j.properties = { ...rest, signers: signersSchema(), photos: photosSchema(), terms };
  });
  s.edit('services/petition/form.ui.json', (u) => {
    if (Array.isArray(u['ui:order'])) u['ui:order'] = [...u['ui:order'].filter((n: string) => n !== 'terms' && n !== '*'), 'signers', 'photos', 'terms'];
  });
  for (const l of ['en', 'uz', 'ru'] as const) s.edit(`services/petition/i18n/${l}.json`, (j) => Object.assign(j, TEXTS[l]));
}
