/**
 * Several lines of text: Mantine's Textarea, with the field's hint as Mantine's description, which
 * Mantine links to the textarea (../fieldHint.ts).
 */
import { Textarea } from '@mantine/core';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import type { ChangeEvent, FocusEvent } from 'react';
import { fieldHint } from '../fieldHint.ts';

export default function TextareaWidget(props: WidgetProps) {
  const { id, name, htmlName, value, placeholder, required, disabled, readonly, autofocus, label, hideLabel, rawErrors, options, schema, onChange, onBlur, onFocus } = props;
  return (
    <Textarea
      id={id}
      name={htmlName || name}
      value={value || ''}
      placeholder={placeholder || undefined}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      label={labelValue(label || undefined, hideLabel, false)}
      description={hideLabel ? undefined : fieldHint(options, schema)}
      error={rawErrors && rawErrors.length > 0 ? rawErrors.join('\n') : undefined}
      onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
      onBlur={(e: FocusEvent<HTMLTextAreaElement>) => onBlur(id, e.target.value)}
      onFocus={(e: FocusEvent<HTMLTextAreaElement>) => onFocus(id, e.target.value)}
    />
  );
}
