/**
 * One page for every form of every service: the registry says which schema, texts and blocks to show;
 * the submit sends one multipart request and the server checks everything again.
 */
import { Alert, Button, Center, Loader, Progress, Stack, Title } from '@mantine/core';
import { Form } from '@rjsf/mantine';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFValidationError } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useLocale } from '../../app/locale.tsx';
import { placeBlocks } from '../../engine/blocks.ts';
import type { FormContext } from '../../engine/formContext.ts';
import { fieldName } from '../../engine/formContext.ts';
import { localizeForm } from '../../engine/localizeForm.ts';
import { errorKey } from '../../engine/messages.ts';
import { fieldErrorsOf } from '../../engine/serverErrors.ts';
import { postMultipart, toFormData } from '../../engine/submit.ts';
import type { FormModule, FormVariant, ServiceEntry } from '../../engine/types.ts';
import { templates } from '../../theme/templates/index.ts';
import { Blocks } from '../../theme/templates/Blocks.tsx';
import { widgets } from '../../theme/widgets/index.ts';
import { useDocumentTitle } from '../pages/useDocumentTitle.ts';
import { LanguageTabs } from './LanguageTabs.tsx';
import { useFormValidation, visibleErrors } from './useFormValidation.ts';

type Status = { kind: 'idle' } | { kind: 'sending'; percent: number } | { kind: 'failed'; message: string };

export default function ServiceFormPage({ service, variant }: { service: ServiceEntry; variant: FormVariant }) {
  const intl = useIntl();
  const { locale, has } = useLocale();
  const navigate = useNavigate();
  const [form, setForm] = useState<FormModule | null>(null);
  const [data, setData] = useState<Record<string, unknown>>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const files = useRef(new Map<string, File>());
  const title = intl.formatMessage({ id: variant.title });
  useDocumentTitle(title);

  useEffect(() => {
    void variant.load().then(setForm);
  }, [variant]);

  const t = useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
  const localized = useMemo(() => (form ? localizeForm(form, service.messages, t, has, locale) : null), [form, service.messages, t, has, locale]);
  const order = useMemo(() => ((form?.uiSchema['ui:order'] as string[] | undefined) ?? []).filter((f) => f !== '*'), [form]);
  const translateError = useCallback(
    (field: string, e: RJSFValidationError) => {
      const params = (e.params ?? {}) as Record<string, string | number>;
      return t(errorKey(service.messages, field, e.name ?? 'invalid', has, typeof params.format === 'string' ? params.format : undefined), {
        limit: params.limit ?? '',
        name: params.additionalProperty ?? '',
      });
    },
    [t, has, service.messages],
  );
  const validate = useFormValidation(localized?.schema ?? null, order, translateError);
  const validation = useMemo(() => validate(data), [validate, data]);
  const extraErrors = useMemo(
    () => visibleErrors(validation, (f) => submitted || touched.has(f), serverErrors),
    [validation, submitted, touched, serverErrors],
  );

  const context: FormContext | null = useMemo(
    () => (form ? { ns: service.messages, constants: service.constants, blocks: placeBlocks(form.blocks), touched, submitted, files: files.current } : null),
    [form, service, touched, submitted],
  );

  if (!form || !localized || !context) {
    return (
      <Center h="40vh">
        <Loader aria-label={intl.formatMessage({ id: 'app.loading' })} />
      </Center>
    );
  }

  const focusField = (field: string) => document.getElementById(`root_${field}`)?.focus();

  const onChange = (e: IChangeEvent) => {
    setData((e.formData ?? {}) as Record<string, unknown>);
    if (Object.keys(serverErrors).length) setServerErrors({});
  };
  const onBlur = (id: string) => setTouched((prev) => (prev.has(fieldName(id)) ? prev : new Set(prev).add(fieldName(id))));

  const onSubmit = async () => {
    setSubmitted(true);
    if (validation.invalid.length > 0) {
      setStatus({ kind: 'failed', message: t('errors.summary') });
      focusField(validation.invalid[0] as string);
      return;
    }
    // Opened inside the click so popup blockers allow it; pointed at the checkout once the save succeeds.
    const checkout = service.checkout ? window.open('', '_blank') : null;
    setStatus({ kind: 'sending', percent: 0 });
    const body = toFormData(data, files.current, { variant: variant.id, locale });
    try {
      const res = await postMultipart(`/api/collections/${service.collection}/records`, body, (percent) => setStatus({ kind: 'sending', percent }));
      if (res.status >= 200 && res.status < 300) {
        if (checkout && service.checkout) {
          checkout.opener = null;
          checkout.location.href = service.checkout.url;
        }
        navigate(`${variant.success}?lang=${locale}`, {
          state: service.checkout ? { checkoutUrl: service.checkout.url, popupBlocked: !checkout } : null,
        });
        return;
      }
      checkout?.close();
      const fields = fieldErrorsOf(res.body);
      const messages = Object.fromEntries(
        Object.entries(fields).map(([f, keyword]) => [f, t(errorKey(service.messages, f, keyword, has), { limit: '', name: f, types: '', size: '' })]),
      );
      setServerErrors(messages);
      setStatus({ kind: 'failed', message: t(Object.keys(messages).length ? 'errors.summary' : 'errors.server') });
      const first = order.find((f) => f in messages);
      if (first) focusField(first);
    } catch {
      checkout?.close();
      setStatus({ kind: 'failed', message: t('errors.network') });
    }
  };

  const sending = status.kind === 'sending';
  return (
    <Stack>
      <LanguageTabs />
      <Title order={1} size="h2">
        {title}
      </Title>
      <Blocks blocks={context.blocks.top} constants={service.constants} />
      <div role="alert" aria-live="assertive">
        {status.kind === 'failed' && (
          <Alert color="red" variant="light" data-testid="form-error">
            {status.message}
          </Alert>
        )}
      </div>
      <Form
        schema={localized.schema}
        uiSchema={localized.uiSchema}
        formData={data}
        validator={validator}
        widgets={widgets}
        templates={templates}
        formContext={context}
        extraErrors={extraErrors}
        noValidate
        noHtml5Validate
        showErrorList={false}
        // The terms box must start unticked (spec §4): never pre-fill a `const` as a default.
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
        disabled={sending}
        onChange={onChange}
        onBlur={onBlur}
        onSubmit={() => void onSubmit()}
      >
        <Blocks blocks={context.blocks.bottom} constants={service.constants} />
        {sending && (
          <Progress
            value={status.percent}
            aria-label={t('form.uploading', { pct: status.percent })}
            my="sm"
            animated
          />
        )}
        <Button type="submit" mt="md" loading={sending} loaderProps={{ 'aria-label': t('form.submitting') } as never}>
          {sending ? <FormattedMessage id="form.submitting" /> : <FormattedMessage id="form.submit" />}
        </Button>
      </Form>
    </Stack>
  );
}
