/**
 * A yes/no field (the terms box): Mantine's Checkbox, marked invalid and described by its error
 * and hint. Mantine's Checkbox sets no aria-invalid and gives its error and description no id, so
 * they get ids of their own here and the box names them in aria-describedby. (The error is displayed
 * in the status line under the field, templates/FieldTemplate.tsx; this copy is read, not shown.)
 */
import { Anchor, Checkbox } from '@mantine/core';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import type { ChangeEvent, FocusEvent, ReactElement, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { fieldHint } from '../fieldHint.ts';

interface LabelLinks {
  message: string;
  links: Record<string, string>;
}

/**
 * The label with links to the site's pages (x-label-links, engine/localizeForm.ts): each <tag>…</tag> of
 * the message links to its page, in a new tab, so what the applicant typed here stays as it is. A link
 * inside the label is followed when clicked; it does not tick the box.
 */
function linkedLabel({ message, links }: LabelLinks): ReactElement {
  const values = Object.fromEntries(
    Object.entries(links).map(([tag, to]) => [
      tag,
      (chunks: ReactNode[]) => (
        <Anchor href={to} target="_blank" rel="noopener" inherit underline="always">
          {chunks}
        </Anchor>
      ),
    ]),
  );
  return <FormattedMessage id={message} values={values} />;
}

export default function CheckboxWidget(props: WidgetProps) {
  const { id, name, htmlName, value, required, disabled, readonly, autofocus, label, hideLabel, rawErrors, options, schema, onChange, onBlur, onFocus } = props;
  const error = rawErrors?.length ? rawErrors.join('\n') : undefined;
  const hint = hideLabel ? undefined : fieldHint(options, schema);
  const errorId = `${id}-error`;
  const hintId = `${id}-description`;
  return (
    <Checkbox
      id={id}
      name={htmlName || name}
      label={options.labelLinks ? labelValue(linkedLabel(options.labelLinks as LabelLinks), hideLabel, false) : labelValue(label || undefined, hideLabel, false)}
      description={hint && <span id={hintId}>{hint}</span>}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      checked={value === true || value === 'true'}
      onChange={(e: ChangeEvent<HTMLInputElement>) => !disabled && !readonly && onChange(e.currentTarget.checked)}
      onBlur={(e: FocusEvent<HTMLInputElement>) => onBlur(id, e.currentTarget.checked)}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.currentTarget.checked)}
      error={error && <span id={errorId}>{error}</span>}
      aria-invalid={!!error}
      aria-describedby={[error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined}
    />
  );
}
