/**
 * The settings of what a submission sets going: the applicant's confirmation e-mail (to one of the form's
 * e-mail fields), the notice to staff, and the checkout link a paid service sends the applicant to.
 */
import { NativeSelect, Stack, Switch, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { fieldList } from '../../model/fieldList.ts';
import { setApplicantMail, setCheckout, setStaffMail } from '../../model/settings.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { FieldProblems } from '../draft/FieldProblems.tsx';
import { DraftTextInput } from './DraftTextInput.tsx';

/** The template of schemas/mail/ every service's confirmation uses unless its files say otherwise. */
const CONFIRMATION = 'acknowledgement';
/** What a new checkout link starts as, until the editor types the real one: the model takes only a valid link. */
const NEW_CHECKOUT_URL = 'https://checkout.example.com/';

interface ServiceMail {
  mail?: { applicant?: { template: string; to: string }; staff?: boolean };
  checkout?: { url: string; env: string };
}

export function MailAndPayment() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { draft, apply } = useDraft();
  const service = draft.files['service.json'] as ServiceMail;
  const applicant = service.mail?.applicant;
  const emailFields = fieldList(draft).filter((f) => f.kind === 'email' || f.shared === 'email').map((f) => f.name);
  const checkout = service.checkout;
  const envFor = () => `${draft.id.replace(/-/g, '_').toUpperCase()}_CHECKOUT_URL`;

  return (
    <>
      <Stack gap="sm" component="section" aria-labelledby="settings-mail">
        <Title order={2} size="h4" id="settings-mail">
          {t('settings.mail')}
        </Title>
        <Switch
          label={t('settings.mail.applicant')}
          description={t('settings.mail.applicant.help')}
          checked={applicant !== undefined}
          disabled={applicant === undefined && emailFields.length === 0}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            apply((d) => setApplicantMail(d, on ? { template: CONFIRMATION, to: emailFields[0]! } : null));
          }}
        />
        {applicant && (
          <NativeSelect
            label={t('settings.mail.to')}
            description={t('settings.mail.to.help')}
            value={applicant.to}
            data={[...new Set([applicant.to, ...emailFields])]}
            onChange={(event) => {
              const to = event.currentTarget.value;
              apply((d) => setApplicantMail(d, { template: applicant.template, to }));
            }}
          />
        )}
        <FieldProblems file="service.json" pointer="/mail/applicant" />
        <Switch
          label={t('settings.mail.staff')}
          description={t('settings.mail.staff.help')}
          checked={service.mail?.staff === true}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            apply((d) => setStaffMail(d, on));
          }}
        />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="settings-payment">
        <Title order={2} size="h4" id="settings-payment">
          {t('settings.payment')}
        </Title>
        <Switch
          label={t('settings.checkout')}
          description={t('settings.checkout.help')}
          checked={checkout !== undefined}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            // A link must start https:// and name its variable: begin from a form of it the model accepts.
            apply((d) => setCheckout(d, on ? { url: NEW_CHECKOUT_URL, env: envFor() } : null));
          }}
        />
        {checkout && (
          <>
            <DraftTextInput label={t('settings.checkout.url')} description={t('settings.checkout.url.help')} value={checkout.url} edit={(d, url) => setCheckout(d, { ...checkout, url })} />
            <DraftTextInput label={t('settings.checkout.env')} description={t('settings.checkout.env.help')} value={checkout.env} edit={(d, env) => setCheckout(d, { ...checkout, env })} />
          </>
        )}
        <FieldProblems file="service.json" pointer="/checkout" />
      </Stack>
    </>
  );
}
