/** The studio's words the iframe shows around the e-mails, in the studio's language (the iframe has no studio texts). */
import type { IntlShape } from 'react-intl';
import type { PreviewWords } from '../../preview/payload.ts';

export function previewWords(intl: IntlShape): PreviewWords {
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return {
    toApplicant: t('preview.mails.toApplicant'),
    toStaff: t('preview.mails.toStaff'),
    whenSubmitted: t('preview.mails.whenSubmitted'),
    whenStatus: t('preview.mails.whenStatus'),
    whenCancelled: t('preview.mails.whenCancelled'),
    subject: t('preview.mails.subject'),
    plainText: t('preview.mails.plainText'),
    noMails: t('preview.mails.none'),
    // The frame fills these in itself.
    mailFrame: t('preview.mails.frame', { subject: '{subject}' }),
    mailsHeading: t('preview.mails.heading'),
    failed: t('preview.failed', { error: '{error}' }),
  };
}
