/**
 * service.json (and the form's introduction) as a form: the addresses, the reference prefix, the table,
 * the trash topic, what the applicant sees after sending, the staff list's order, the e-mails and the
 * checkout link. Each control says the
 * generator's rule for it under its label, and the generator's problems with it under the control.
 * Mantine inputs, not the site's RJSF renderer: service.json is nested (forms[], a success that is a
 * page or blocks), and the site's form theme renders flat objects of scalar fields.
 */
import { NativeSelect, Radio, Stack, Switch, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { afterSendingOf, hasIntro, setAdminOrder, setAdminRoute, setAfterSending, setCollection, setIntro, setPrefix, setRoute, setTrashTopic } from '../../model/settings.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { FieldProblems } from '../draft/FieldProblems.tsx';
import { DraftTextInput } from './DraftTextInput.tsx';
import { MailAndPayment } from './MailAndPayment.tsx';

interface ServiceJson {
  collection?: string;
  reference?: { prefix?: string };
  forms?: { route?: string }[];
  admin?: { route?: string; order?: string };
  trash?: { topic?: string };
}

/** A control with the generator's problems about its part of a file under it. */
function Setting({ file = 'service.json', pointer, children }: { file?: string; pointer: string; children: ReactNode }) {
  return (
    <div>
      {children}
      <FieldProblems file={file} pointer={pointer} />
    </div>
  );
}

export function SettingsTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { draft, saved, apply } = useDraft();
  const service = (draft.files['service.json'] ?? {}) as ServiceJson;
  // The table is PocketBase's once a saved service's migration made it: renaming it here would make a new, empty one.
  const savedCollection = (saved?.files['service.json'] as ServiceJson | undefined)?.collection;
  const collectionFixed = savedCollection !== undefined && savedCollection === service.collection;
  const after = afterSendingOf(draft) ?? { kind: 'message' as const, message: 'received' };

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap="sm" component="section" aria-labelledby="settings-addresses">
        <Title order={2} size="h4" id="settings-addresses">
          {t('settings.addresses')}
        </Title>
        <Setting pointer="/forms/0/route">
          <DraftTextInput label={t('settings.route')} description={t('settings.route.help')} value={service.forms?.[0]?.route ?? ''} edit={(d, v) => setRoute(d, v)} />
        </Setting>
        <Setting pointer="/admin/route">
          <DraftTextInput label={t('settings.adminRoute')} description={t('settings.adminRoute.help')} value={service.admin?.route ?? ''} edit={setAdminRoute} />
        </Setting>
        <Setting pointer="/admin/order">
          <NativeSelect
            label={t('settings.order')}
            description={t('settings.order.help')}
            value={service.admin?.order ?? 'newest'}
            onChange={(event) => {
              const order = event.currentTarget.value as 'newest' | 'stored';
              apply((d) => setAdminOrder(d, order));
            }}
            data={[
              { value: 'newest', label: t('settings.order.newest') },
              { value: 'stored', label: t('settings.order.stored') },
            ]}
          />
        </Setting>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="settings-storage">
        <Title order={2} size="h4" id="settings-storage">
          {t('settings.storage')}
        </Title>
        <Setting pointer="/reference">
          <DraftTextInput label={t('settings.prefix')} description={t('settings.prefix.help')} value={service.reference?.prefix ?? ''} edit={setPrefix} />
        </Setting>
        <Setting pointer="/collection">
          <DraftTextInput label={t('settings.collection')} description={t(collectionFixed ? 'settings.collection.fixed' : 'settings.collection.help')} value={service.collection ?? ''} edit={setCollection} readOnly={collectionFixed} />
        </Setting>
        <Setting pointer="/trash">
          <DraftTextInput label={t('settings.trash')} description={t('settings.trash.help')} value={service.trash?.topic ?? ''} edit={setTrashTopic} />
        </Setting>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="settings-applicant">
        <Title order={2} size="h4" id="settings-applicant">
          {t('settings.applicant')}
        </Title>
        <Setting file="form.ui.json" pointer="/ui:blocks">
          <Switch label={t('settings.intro')} description={t('settings.intro.help')} checked={hasIntro(draft)} onChange={(event) => {
            const on = event.currentTarget.checked;
            apply((d) => setIntro(d, on));
          }} />
        </Setting>
        <Setting pointer="/forms/0/success">
          <Radio.Group
            label={t('settings.after')}
            description={t('settings.after.help')}
            value={after.kind}
            onChange={(kind) => apply((d) => setAfterSending(d, kind === 'page' ? { kind: 'page', page: '/' } : { kind: 'message', message: 'received' }))}
          >
            <Stack gap={6} mt={6}>
              <Radio value="message" label={t('settings.after.message')} />
              <Radio value="page" label={t('settings.after.page')} />
            </Stack>
          </Radio.Group>
        </Setting>
        {after.kind === 'message' ? (
          <DraftTextInput label={t('settings.after.messageKey')} description={t('settings.after.messageKey.help')} value={after.message} edit={(d, message) => setAfterSending(d, { kind: 'message', message })} />
        ) : (
          <DraftTextInput label={t('settings.after.pageRoute')} description={t('settings.after.pageRoute.help')} value={after.page} edit={(d, page) => setAfterSending(d, { kind: 'page', page })} />
        )}
      </Stack>
      <MailAndPayment />
    </Stack>
  );
}
