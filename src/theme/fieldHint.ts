/**
 * What a field says about how to fill it (its ui:help, and a ui:description if a form ever sets one),
 * for the widget to give Mantine as the input's `description`. Mantine links its description and
 * error to the input with aria-describedby, and replaces any aria-describedby given to it, so a help
 * line RJSF renders beside the input (with the ids RJSF's ariaDescribedByIds names) is never read
 * with it. Hence the widgets show the hint, and templates/FieldTemplate.tsx drops RJSF's help line.
 */
import type { RJSFSchema, UIOptionsType } from '@rjsf/utils';

export function fieldHint(options: UIOptionsType, schema?: RJSFSchema): string | undefined {
  const parts = [options.description || schema?.description, options.help].filter((p): p is string => typeof p === 'string' && p !== '');
  return parts.length ? parts.join(' ') : undefined;
}
