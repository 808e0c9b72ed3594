/** The values a form starts with: what the route fixes, plus the schema's defaults as RJSF fills them in. */
import { createSchemaUtils, type Experimental_DefaultFormStateBehavior, type RJSFSchema, type ValidatorType } from '@rjsf/utils';

/** How RJSF derives defaults for our forms. The terms box must start unticked (spec §4): a `const` is never a default. */
export const DEFAULTS_BEHAVIOUR: Experimental_DefaultFormStateBehavior = { constAsDefaults: 'never' };

/**
 * `formData` with the schema's defaults added, exactly as RJSF's Form computes them when it is made (on
 * its root schema, with DEFAULTS_BEHAVIOUR). A form handed these has nothing to add and nothing to report.
 */
export function withDefaults<T>(validator: ValidatorType<T>, schema: RJSFSchema, formData: T): T {
  const utils = createSchemaUtils(validator, schema, DEFAULTS_BEHAVIOUR);
  return utils.getDefaultFormState(utils.getRootSchema(), formData, false) as T;
}
