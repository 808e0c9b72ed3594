/**
 * Social Security number: digits only, at most 9, hidden while typed (with a show/hide toggle), never
 * offered to the browser's autofill. No HTML maxLength: a pasted "123-45-6789" would be cut to
 * "123-45-67" before the dashes are dropped.
 */
import { PasswordInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';

export default function SsnWidget(props: WidgetProps) {
  const { id, label, value, required, disabled, readonly, rawErrors, onChange, onBlur, onFocus, schema } = props;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 9;
  return (
    <PasswordInput
      id={id}
      label={label}
      required={required}
      disabled={disabled || readonly}
      value={typeof value === 'string' ? value : ''}
      inputMode="numeric"
      autoComplete="off"
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, max) || undefined)}
      onBlur={(e) => onBlur(id, e.currentTarget.value)}
      onFocus={(e) => onFocus(id, e.currentTarget.value)}
      error={rawErrors?.length ? rawErrors.join('\n') : undefined}
    />
  );
}
