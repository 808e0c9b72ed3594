/**
 * src/engine/formDefaults.ts: a form starts from the values RJSF would fill in itself, so RJSF's Form has
 * nothing to report when it is made (a report then set the applicant's data in the middle of the first
 * render and rendered the whole form again). Checked on every form of the registry, with the
 * precompiled validators the browser uses.
 */
import Form from '@rjsf/core';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { DEFAULTS_BEHAVIOUR, withDefaults } from '../../../src/engine/formDefaults.ts';
import type { FormVariant } from '../../../src/engine/types.ts';
import { registry } from '../../../src/generated/registry.ts';

const variants = registry.services.flatMap((service) => service.forms.map((variant) => ({ variant, name: `${service.id}/${variant.id}` })));

type Validator = ReturnType<typeof createPrecompiledValidator>;

/** Renders RJSF's Form once, as the page's first render does, and returns what it reported. */
async function reportsOnMount(variant: FormVariant, formData: (validator: Validator, schema: RJSFSchema) => object): Promise<unknown[]> {
  const form = await variant.load();
  const schema = form.schema as RJSFSchema;
  const validator = createPrecompiledValidator(form.validators, schema);
  const onChange = vi.fn();
  renderToStaticMarkup(
    createElement(Form, { schema, validator, formData: formData(validator, schema), onChange, experimental_defaultFormStateBehavior: DEFAULTS_BEHAVIOUR }),
  );
  return onChange.mock.calls.map(([event]) => (event as { formData: unknown }).formData);
}

describe('a form starts from its defaults', () => {
  it.each(variants)('$name: RJSF has nothing to add, so reports nothing when made', async ({ variant }) => {
    expect(await reportsOnMount(variant, (validator, schema) => withDefaults<unknown>(validator, schema, {}) as object)).toEqual([]);
  });

  it('is needed: from empty data, RJSF reports the defaults it added (the loan amount), never ticking the terms', async () => {
    const loan = registry.services.flatMap((s) => s.forms).find((f) => f.route === '/loan')!;
    const reported = await reportsOnMount(loan, () => ({}));
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ amount: expect.anything() });
    expect((reported[0] as { terms?: unknown }).terms).not.toBe(true);
  });
});
