/**
 * One page for every form of every service (registry: services[].forms[]): the variant's title, then
 * its form once the variant's module (schema, uiSchema, traits, blocks) has loaded. After a submit the
 * variant's `success` decides: another page (useSubmission navigates), blocks instead of the form (the
 * contact form's "We received your message"), or, under the form's title, the success message where the
 * form was (orders): the sent form is gone, so nothing invites sending it again by mistake, and a button
 * brings a fresh, empty form for another.
 */
import { Alert, Button, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { loadedForm, loadForm } from '../../app/loaded.ts';
import { useLocale } from '../../app/locale.tsx';
import { Blocks } from '../../components/Blocks.tsx';
import { ScreenLoader } from '../../components/ScreenLoader.tsx';
import { variantTitleKey } from '../../engine/messages.ts';
import { routeValues } from '../../engine/routeValues.ts';
import type { Block, FormModule, FormVariant, ServiceEntry } from '../../engine/types.ts';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.ts';
import NotFound from '../pages/NotFound.tsx';
import { ApplicationForm } from './ApplicationForm.tsx';

/** The success blocks in place of the form, read out and focused so keyboard users land on them. */
function SuccessInstead({ blocks, constants }: { blocks: Block[]; constants: Record<string, number | string> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div role="status" tabIndex={-1} ref={ref} data-testid="form-success" style={{ outline: 'none' }}>
      <Blocks blocks={blocks} constants={constants} level={1} />
    </div>
  );
}

/**
 * The success message under the form's title, in place of the sent form, read out and focused; `again`
 * shows a fresh, empty form (each successful submit mounts a new one).
 */
function AboveSuccess({ blocks, constants, again }: { blocks: Block[]; constants: Record<string, number | string>; again: () => void }) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Stack gap="sm" align="flex-start">
      <Alert color="green" role="status" tabIndex={-1} ref={ref} data-testid="form-success" w="100%">
        <Blocks blocks={blocks} constants={constants} />
      </Alert>
      <Button variant="default" onClick={again}>
        {intl.formatMessage({ id: 'success.again' })}
      </Button>
    </Stack>
  );
}

/** `initial`: answers the form starts with (Storybook's sample values); applicants start from none. */
export default function ServiceFormPage({ service, variant, initial }: { service: ServiceEntry; variant: FormVariant; initial?: Record<string, unknown> }) {
  const intl = useIntl();
  const { has } = useLocale();
  const params = useParams();
  // Loaded ahead (prepareRoute) on a prerendered page, whose first render must already show the form.
  const [form, setForm] = useState<FormModule | null>(() => loadedForm(variant) ?? null);
  const [loadError, setLoadError] = useState<unknown>(null);
  // Each successful inline submit mounts a fresh, empty form.
  const [round, setRound] = useState(0);
  const [done, setDone] = useState(false);
  const title = intl.formatMessage({ id: has(variant.title) ? variant.title : variantTitleKey(service.messages, variant.id, has) });
  useDocumentTitle(title);

  useEffect(() => {
    if (form) return;
    let live = true;
    loadForm(variant).then(
      (m) => live && setForm(m),
      (err: unknown) => live && setLoadError(err ?? new Error('form did not load')),
    );
    return () => {
      live = false;
    };
  }, [variant, form]);
  const fromRoute = useMemo(() => (form ? routeValues(form, params) : null), [form, params]);
  const onDone = useCallback(() => {
    setDone(true);
    setRound((r) => r + 1);
  }, []);
  // "Start again" on answers given back from a draft: a fresh, empty form.
  const restart = useCallback(() => setRound((r) => r + 1), []);
  // A chunk that failed to load is the route's error screen, not an endless spinner.
  if (loadError) throw loadError;

  // /success/123 for a package that does not exist is a wrong address, not a form to fill.
  if (fromRoute && !fromRoute.ok) return <NotFound />;
  const success = typeof variant.success === 'string' ? null : variant.success;
  if (done && success?.show === 'instead') return <SuccessInstead blocks={success.blocks} constants={service.constants} />;

  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      {done && success?.show === 'above' ? (
        <AboveSuccess blocks={success.blocks} constants={service.constants} again={() => setDone(false)} />
      ) : form && fromRoute?.ok ? (
        <ApplicationForm key={round} service={service} variant={variant} form={form} fixed={fromRoute.values} initial={initial} onDone={onDone} onRestart={restart} />
      ) : (
        <ScreenLoader height="30vh" />
      )}
    </Stack>
  );
}
