/** The staff card of the sample application: the site's own RecordCard with the card the generator made for the draft. */
import { Container } from '@mantine/core';
import { RecordCard, type StoredRecord } from '../../src/features/staff/RecordCard.tsx';
import { SAMPLE_SEEN } from './payload.ts';
import type { PreparedPreview } from './previewEntry.ts';

/** The sample's files are not stored anywhere: their links go nowhere. */
const sampleFileUrl = (name: string) => `#${encodeURIComponent(name)}`;

export function CardView({ prepared }: { prepared: PreparedPreview }) {
  const { service, payload } = prepared;
  return (
    <Container size="md" py="md">
      <RecordCard record={payload.record as StoredRecord} card={service.admin} forms={service.forms} fileUrl={sampleFileUrl} now={SAMPLE_SEEN} payments={service.payments} />
    </Container>
  );
}
