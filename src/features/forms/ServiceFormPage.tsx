/**
 * One page for every form of every service (registry: services[].forms[]): language tabs, the
 * variant's title, then its form once the variant's module (schema, uiSchema, traits, blocks) has
 * loaded. Everything else comes from the registry, never from a service's name.
 */
import { Center, Loader, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../app/locale.tsx';
import { LanguageTabs } from '../../components/LanguageTabs.tsx';
import { variantTitleKey } from '../../engine/messages.ts';
import type { FormModule, FormVariant, ServiceEntry } from '../../engine/types.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import { ApplicationForm } from './ApplicationForm.tsx';

export default function ServiceFormPage({ service, variant }: { service: ServiceEntry; variant: FormVariant }) {
  const intl = useIntl();
  const { has } = useLocale();
  const [form, setForm] = useState<FormModule | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const title = intl.formatMessage({ id: has(variant.title) ? variant.title : variantTitleKey(service.messages, variant.id, has) });
  useDocumentTitle(title);

  useEffect(() => {
    let live = true;
    variant.load().then(
      (m) => live && setForm(m),
      (err: unknown) => live && setLoadError(err ?? new Error('form did not load')),
    );
    return () => {
      live = false;
    };
  }, [variant]);
  // A chunk that failed to load is the route's error screen, not an endless spinner.
  if (loadError) throw loadError;

  return (
    <Stack gap="sm">
      <LanguageTabs />
      <Title order={1} size="h2">
        {title}
      </Title>
      {form ? (
        <ApplicationForm service={service} variant={variant} form={form} />
      ) : (
        <Center h="30vh">
          <Loader aria-label={intl.formatMessage({ id: 'app.loading' })} />
        </Center>
      )}
    </Stack>
  );
}
