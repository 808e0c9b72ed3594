/** Which part of a language's catalogue a message travels in (src/engine/messageParts.ts). */
import { describe, expect, it } from 'vitest';
import { CORE_PART, messagePartOf, pagePart, STAFF_PART } from '../../../src/engine/messageParts.ts';

describe('message parts', () => {
  it('keep the staff console’s texts apart from the applicant’s', () => {
    expect(messagePartOf('staff.list.search')).toBe(STAFF_PART);
    expect(messagePartOf('status.new')).toBe(CORE_PART); // an applicant sees statuses too
  });
  it('give each page its own part', () => {
    expect(messagePartOf('page.privacy.body')).toBe(pagePart('privacy'));
    expect(messagePartOf('page.credit-repair-success.title')).toBe('page.credit-repair-success');
  });
  it('leave everything else in the core', () => {
    for (const key of ['service.creditrepair.title', 'errors.summary', 'pages', 'page', 'nav.staff', 'staffing.x']) expect(messagePartOf(key)).toBe(CORE_PART);
  });
});
