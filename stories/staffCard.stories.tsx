/**
 * The staff card of a service the site itself does not serve: the tax-return fixture
 * (tests/fixtures/services/taxreturn/), which has every construct of issue 31. Its record has a
 * repeating group (a table), several files (a numbered list of links), dates (in the reader's
 * language, copied as stored) and a conditional field its condition hid (spouse's name for a single
 * filer: left out). The card is derived from the fixture's schemas by the generator's own display
 * rules (generator/model/adminDisplay.ts); its texts are the fixture's.
 */
import { Container } from '@mantine/core';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, type ReactNode } from 'react';
import { createIntl, RawIntlProvider, useIntl } from 'react-intl';
import { derivedDisplay, groupColumns } from '../generator/model/adminDisplay.ts';
import type { PropertySchema } from '../generator/sources.ts';
import { RecordCard, type StoredRecord } from '../src/features/staff/RecordCard.tsx';
import type { AdminCard, AdminField, Locale } from '../src/engine/types.ts';
import admin from '../tests/fixtures/services/taxreturn/admin.ui.json';
import form from '../tests/fixtures/services/taxreturn/form.schema.json';
import en from '../tests/fixtures/services/taxreturn/i18n/en.json';
import ru from '../tests/fixtures/services/taxreturn/i18n/ru.json';
import uz from '../tests/fixtures/services/taxreturn/i18n/uz.json';
import { SAMPLE_SEEN, sampleFileUrl } from './support/serviceStories.tsx';
import { StoryFrame } from './support/StoryFrame.tsx';

const NS = 'service.taxreturn';
const TEXTS: Record<Locale, Record<string, string>> = { en, ru, uz };

/** The fields its if/then branches declare: shown only when their condition holds. */
const conditional: Record<string, PropertySchema> = Object.assign({}, ...form.allOf.map((c) => c.then.properties));
const properties = { ...form.properties, ...conditional } as Record<string, PropertySchema>;

const card: AdminCard = {
  route: '/taxreturns',
  aliases: [],
  title: `${NS}.${admin.title}`,
  deleted: `${NS}.${admin.deleted}`,
  sort: '-created',
  search: [],
  columns: [],
  fields: admin.fields.map((f): AdminField => {
    const prop = properties[f.name] ?? {};
    const display = 'display' in f ? (f.display as AdminField['display']) : derivedDisplay(prop);
    const columns = display === 'group' ? groupColumns(NS, f.name, prop) : undefined;
    return {
      name: f.name,
      // As the generator resolves it: the service's label, else the common field's (a $ref to schemas/common).
      label: `fields.${f.name}.label` in en ? `${NS}.fields.${f.name}.label` : `fields.${f.name}.label`,
      display,
      copy: 'copy' in f ? f.copy === true : display !== 'group' && display !== 'files',
      ...(prop.enum ? { options: `${NS}.fields.${f.name}.options` } : {}),
      ...(columns ? { columns } : {}),
      ...(f.name in conditional ? { conditional: true as const } : {}),
    };
  }),
};

/** A single filer with three dependents and two W-2 forms: the spouse's name was never asked. */
const record: StoredRecord = {
  id: 'taxreturn0sample',
  created: '2026-06-01 10:30:00.000Z',
  variant: 'main',
  fullName: 'Aziza Karimova',
  email: 'aziza@example.com',
  birthDate: '1988-04-12',
  filingStatus: 'single',
  dependents: [
    { name: 'Malika Karimova', birthDate: '2015-09-01', relationship: 'child' },
    { name: 'Timur Karimov', birthDate: '2018-02-20', relationship: 'child' },
    { name: 'Rustam Karimov', birthDate: '1950-11-03', relationship: 'parent' },
  ],
  w2: ['w2_acme_k3j4h5g6f7.pdf', 'w2_globex_a1b2c3d4e5.png'],
  previousPreparer: '',
  previousPreparerPhone: '',
  appointment: '2026-06-15',
};

/**
 * The fixture's texts beside the site's, as the browser gets messages: already compiled (the shipped
 * react-intl has no parser). The card shows labels and option texts only, which are plain text.
 */
function WithFixtureTexts({ children }: { children: ReactNode }) {
  const site = useIntl();
  const intl = useMemo(() => {
    const texts = TEXTS[site.locale as Locale] ?? en;
    const compiled = Object.fromEntries(Object.entries(texts).map(([k, v]): [string, MessageFormatElement[]] => [`${NS}.${k}`, [{ type: TYPE.literal, value: v }]]));
    // The site's messages are compiled too (src/generated/messages/parts/).
    return createIntl({ locale: site.locale, defaultLocale: site.defaultLocale, messages: { ...(site.messages as Record<string, MessageFormatElement[]>), ...compiled } });
  }, [site]);
  return <RawIntlProvider value={intl}>{children}</RawIntlProvider>;
}

function TaxReturnCard({ locale }: { locale: Locale }) {
  return (
    <StoryFrame locale={locale}>
      <WithFixtureTexts>
        <Container size="sm">
          <RecordCard record={record} card={card} fileUrl={sampleFileUrl} now={SAMPLE_SEEN} />
        </Container>
      </WithFixtureTexts>
    </StoryFrame>
  );
}

const meta: Meta = { title: 'Staff / Record card' };
export default meta;

export const GroupFilesDatesConditional: StoryObj = {
  name: 'group, files, dates and a hidden conditional field',
  render: () => <TaxReturnCard locale="en" />,
};

export const InRussian: StoryObj = {
  name: 'group, files, dates and a hidden conditional field (Russian)',
  render: () => <TaxReturnCard locale="ru" />,
};
