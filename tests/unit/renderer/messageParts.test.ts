/** Which part of a language's catalogue a message travels in, and in what form (shared/messageParts.ts). */
import { createHash } from 'node:crypto';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { agreementsPart, CORE_PART, isVerbatimMessage, messagePartOf, pagePart, STAFF_PART } from '../../../shared/messageParts.ts';
import { registry } from '../../../src/generated/registry.ts';

describe('message parts', () => {
  it('keep the staff console’s texts apart from the applicant’s', () => {
    expect(messagePartOf('staff.list.search')).toBe(STAFF_PART);
    expect(messagePartOf('status.new')).toBe(CORE_PART); // an applicant sees statuses too
  });
  it('give each page its own part', () => {
    expect(messagePartOf('page.privacy.body')).toBe(pagePart('privacy'));
    expect(messagePartOf('page.credit-repair-success.title')).toBe('page.credit-repair-success');
  });
  it('give a service’s agreement documents a part of their own, and leave the signature’s texts in the core', () => {
    expect(messagePartOf('service.creditrepair.agreements.contract.text')).toBe(agreementsPart('service.creditrepair'));
    expect(messagePartOf('service.creditrepair.agreements.contract.title')).toBe('service.creditrepair.agreements');
    for (const key of ['agreements.name', 'agreements.accept', 'agreements.cancelStatement', 'service.creditrepair.agreements'])
      expect(messagePartOf(key), key).toBe(CORE_PART);
  });
  it('leave everything else in the core', () => {
    for (const key of ['service.creditrepair.title', 'errors.summary', 'pages', 'page', 'nav.staff', 'staffing.x']) expect(messagePartOf(key)).toBe(CORE_PART);
  });
});

describe('the messages the browser loads', () => {
  it('show each agreement document exactly as the generator hashed it', async () => {
    const services = registry.services.filter((s) => s.agreements);
    expect(services.length).toBeGreaterThan(0);
    for (const locale of registry.languages) {
      for (const service of services) {
        const messages = { ...(await registry.loadMessages(locale)), ...(await registry.loadMessages(locale, agreementsPart(service.messages))) };
        const intl = createIntl({ locale, messages, onError: (e) => expect.unreachable(e.message) });
        for (const doc of service.agreements?.documents ?? []) {
          const key = `${service.messages}.agreements.${doc.id}`;
          expect(isVerbatimMessage(`${key}.title`) && isVerbatimMessage(`${key}.text`)).toBe(true);
          // What Agreements.tsx shows (formatMessage), as the server hashes it (generator/agreements.ts shownText).
          const shown = `${intl.formatMessage({ id: `${key}.title` })}\n\n${intl.formatMessage({ id: `${key}.text` })}`;
          expect(createHash('sha256').update(shown, 'utf8').digest('hex'), `${key} (${locale})`).toBe(doc.hashes[locale]);
        }
      }
    }
  });
  it('parse every other message, the signature’s texts included', () => {
    for (const key of ['agreements.cancelStatement', 'agreements.name', 'service.creditrepair.title', 'service.creditrepair.agreements'])
      expect(isVerbatimMessage(key), key).toBe(false);
  });
  it('are precompiled: no text is left for a parser', async () => {
    for (const locale of registry.languages) {
      for (const [key, ast] of Object.entries(await registry.loadMessages(locale))) expect(Array.isArray(ast), key).toBe(true);
    }
  });
});
