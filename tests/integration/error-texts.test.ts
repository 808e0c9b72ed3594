/**
 * The server's refusal of a wrong ZIP code, phone and e-mail, as the real PocketBase answers it, read by
 * the browser's own mapping (src/engine/serverErrors.ts) with the field's schema texts: the applicant
 * reads the same "Enter a 5-digit ZIP code, like 94105" whether the browser or the server found it, in
 * each language.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { describeProblem, traitsAt } from '../../src/engine/problems.ts';
import { serverProblems } from '../../src/engine/serverErrors.ts';
import { submitUrl } from '../../src/engine/submit.ts';
import { registry } from '../../src/generated/registry.ts';
import en from '../../src/generated/messages/en.json';
import ru from '../../src/generated/messages/ru.json';
import uz from '../../src/generated/messages/uz.json';
import { startPocketBase } from '../support/pocketbase.ts';
import { multipartWire, submissionParts, validSubmission } from '../support/samples.ts';

const pb = await startPocketBase();
afterAll(() => pb.stop());

describe("the server's field errors, in the words of the field's schema", () => {
  it('say what to enter for a wrong ZIP code, phone number and e-mail address', async () => {
    const service = registry.services.find((s) => s.forms.some((f) => f.route === '/personal'))!;
    const variant = service.forms.find((f) => f.route === '/personal')!;
    const form = await variant.load();
    const s = validSubmission(form);
    s.fields = { ...s.fields, zip: '941', phone: 'call me', email: 'aziza-at-example' };
    const res = await fetch(`${pb.url}${submitUrl(service.collection)}`, {
      method: 'POST',
      ...multipartWire(submissionParts(form, s, { variant: variant.id, locale: 'ru' })),
    });
    expect(res.status).toBe(400);
    const problems = serverProblems(await res.json());
    expect(Object.keys(problems).sort()).toEqual(['email', 'phone', 'zip']);
    const said = (catalogue: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(problems).map(([field, problem]) => {
          const m = describeProblem(service.messages, field, problem, (k) => k in catalogue, traitsAt(form.traits, field)?.errors);
          return [field, catalogue[m.id]];
        }),
      );
    expect(said(en)).toEqual({
      zip: 'Enter a 5-digit ZIP code, like 94105.',
      phone: 'Enter a phone number like +1 415 555 0100: digits, spaces and + ( ) - only.',
      email: 'Enter an e-mail address like name@example.com.',
    });
    expect(said(ru).zip).toBe('Введите ZIP-код из 5 цифр, например 94105.');
    expect(said(uz).zip).toBe('5 xonali ZIP kodni kiriting, masalan 94105.');
  });
});
