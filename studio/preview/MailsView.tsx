/**
 * The service's e-mails as they will be sent: subject, the HTML body in a sandboxed frame (no scripts,
 * no access to the studio: it is the template's output) and the plain-text body.
 */
import { Card, Code, Container, Stack, Text, Title } from '@mantine/core';
import type { PreviewMail, PreviewWords } from './payload.ts';

function who(mail: PreviewMail, words: PreviewWords): string {
  const to = mail.to === 'applicant' ? words.toApplicant : words.toStaff;
  const when = mail.when === 'submitted' ? words.whenSubmitted : mail.when === 'status' ? words.whenStatus : words.whenCancelled;
  return `${to} · ${when}`;
}

export function MailsView({ mails, words }: { mails: PreviewMail[]; words: PreviewWords }) {
  return (
    <Container size="md" py="md">
      <Stack gap="md">
        <Title order={1} size="h3">
          {words.mailsHeading}
        </Title>
        {mails.length === 0 && <Text>{words.noMails}</Text>}
        {mails.map((mail) => (
          <Card key={`${mail.to}/${mail.when}/${mail.template}`} withBorder component="article" data-testid="preview-mail">
            <Stack gap="xs">
              <Title order={2} size="h5">
                {who(mail, words)}
              </Title>
              <Text size="sm" c="dimmed" lang={mail.locale}>
                {words.subject}: <Text span fw={600} c="dark" inherit>{mail.subject}</Text>
              </Text>
              <iframe
                sandbox=""
                srcDoc={mail.html}
                title={words.mailFrame.replace('{subject}', mail.subject)}
                style={{ width: '100%', height: 360, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
              />
              <details>
                <summary>{words.plainText}</summary>
                <Code block lang={mail.locale}>
                  {mail.text}
                </Code>
              </details>
            </Stack>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
