/**
 * The stories the generated stories file uses: a service's form as applicants see it, and its staff
 * card filled with sample values derived from the card itself (no server needed).
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

const SAMPLES: Record<AdminField['display'], (name: string) => string> = {
  text: (name) => `Sample ${name}`,
  email: () => 'applicant@example.com',
  phone: () => '+1 415 555 0100',
  file: (name) => `${name}_k3j4h5g6f7.png`,
  masked: () => '123456789',
  usd: () => '995',
};

/** When the sample card is looked at: shortly after its record came in. */
const SAMPLE_SEEN = Date.parse('2026-06-01T12:00:00Z');

export function sampleRecord(card: ServiceEntry['admin']): StoredRecord {
  const record: StoredRecord = { id: 'sample0000record', created: '2026-06-01 10:30:00.000Z', variant: 'full' };
  for (const field of card.fields) record[field.name] = SAMPLES[field.display](field.name);
  return record;
}

export function FormStory({ serviceId, variantId, path, locale }: { serviceId: string; variantId: string; path: string; locale?: Locale }) {
  const s = service(serviceId);
  const variant = s.forms.find((f) => f.id === variantId) ?? s.forms[0];
  if (!variant) throw new Error(`no variant ${variantId} of ${serviceId}`);
  return (
    <StoryFrame locale={locale} route={variant.route} path={path}>
      <Container size="sm">
        <ServiceFormPage service={s} variant={variant} />
      </Container>
    </StoryFrame>
  );
}

export function AdminCardStory({ serviceId, locale }: { serviceId: string; locale?: Locale }) {
  const s = service(serviceId);
  return (
    <StoryFrame locale={locale}>
      <Container size="sm">
        <RecordCard record={sampleRecord(s.admin)} card={s.admin} fileUrl={(name) => `#${name}`} now={SAMPLE_SEEN} onDelete={() => {}} payments={s.payments} />
      </Container>
    </StoryFrame>
  );
}
