/**
 * The stories the generated stories file uses: a service's form as applicants see it, filled with its
 * schema's examples, and its staff card filled with sample values derived from the card itself (no
 * server needed); both in the language of the toolbar's switcher.
 */
import { Container } from '@mantine/core';
import ServiceFormPage from '../../src/features/forms/ServiceFormPage.tsx';
import { RecordCard, type StoredRecord } from '../../src/features/staff/RecordCard.tsx';
import type { AdminField, Locale, ServiceEntry } from '../../src/engine/types.ts';
import { registry } from '../../src/generated/registry.ts';
import { StoryFrame } from './StoryFrame.tsx';

function service(id: string): ServiceEntry {
  const found = registry.services.find((s) => s.id === id);
  if (!found) throw new Error(`no service ${id} in the registry`);
  return found;
}

const SAMPLES: Record<AdminField['display'], (field: AdminField) => unknown> = {
  text: ({ name }) => `Sample ${name}`,
  email: () => 'applicant@example.com',
  phone: () => '+1 415 555 0100',
  file: ({ name }) => `${name}_k3j4h5g6f7.png`,
  masked: () => '123456789',
  usd: () => '995',
  date: () => '1988-04-12',
  // Two rows, so the table shows its numbering; a choice column holds a value with no text (shown as stored).
  group: ({ columns = [] }) => [1, 2].map((n) => Object.fromEntries(columns.map((c) => [c.name, c.display === 'date' ? `2015-09-0${n}` : c.display === 'bool' ? n === 1 : `Sample ${c.name} ${n}`]))),
  files: ({ name }) => [`${name}_first_a1b2c3d4e5.pdf`, `${name}_second_f6g7h8i9j0.png`],
};

/** When the sample card is looked at: shortly after its record came in. */
const SAMPLE_SEEN = Date.parse('2026-06-01T12:00:00Z');

/** A sample value for every field of the card; a conditional field is left unanswered, so the card leaves it out. */
export function sampleRecord(card: ServiceEntry['admin']): StoredRecord {
  const record: StoredRecord = { id: 'sample0000record', created: '2026-06-01 10:30:00.000Z', variant: 'full' };
  for (const field of card.fields) if (!field.conditional) record[field.name] = SAMPLES[field.display](field);
  return record;
}

/** What a form story's controls edit: the answers it starts with. */
export interface FormStoryArgs {
  sample: Record<string, unknown>;
}

/** A form as applicants see it at `path`, starting from `sample` (the schema's examples, generated). */
export function FormStory({ serviceId, variantId, path, locale, sample }: { serviceId: string; variantId: string; path: string; locale?: Locale; sample?: Record<string, unknown> }) {
  const s = service(serviceId);
  const variant = s.forms.find((f) => f.id === variantId) ?? s.forms[0];
  if (!variant) throw new Error(`no variant ${variantId} of ${serviceId}`);
  return (
    <StoryFrame locale={locale} route={variant.route} path={path}>
      <Container size="sm">
        <ServiceFormPage service={s} variant={variant} initial={sample} />
      </Container>
    </StoryFrame>
  );
}

export function AdminCardStory({ serviceId, locale }: { serviceId: string; locale?: Locale }) {
  const s = service(serviceId);
  return (
    <StoryFrame locale={locale}>
      <Container size="sm">
        <RecordCard record={sampleRecord(s.admin)} card={s.admin} fileUrl={sampleFileUrl} now={SAMPLE_SEEN} onDelete={() => {}} payments={s.payments} />
      </Container>
    </StoryFrame>
  );
}

/** A story's file links go nowhere (there is no server). */
export const sampleFileUrl = (name: string) => `#${name}`;
export { SAMPLE_SEEN };
