/**
 * Social Security number: digits only, at most 9 (the schema's maxLength), hidden while typed, never
 * offered to the browser's autofill. The show/hide toggle is a real, labelled button in the tab order
 * (Mantine hides it from keyboards and screen readers by default). No HTML maxLength: a pasted
 * "123-45-6789" would be cut to "123-45-67" before the dashes are dropped. The hint ("9 digits, numbers
 * only.") is Mantine's description, which it links to the input (../fieldHint.ts).
 */
import { PasswordInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { fieldHint } from '../fieldHint.ts';

export const digitsOnly = (text: string, max: number): string => text.replace(/\D/g, '').slice(0, max);

export default function SsnWidget(props: WidgetProps) {
  const { id, label, value, required, disabled, readonly, rawErrors, options, onChange, onBlur, onFocus, schema } = props;
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 9;
  // One name, "Show SSN", with Mantine's aria-pressed saying whether it is shown (a name that also
  // changed would be read "Hide SSN, pressed").
  const toggleLabel = intl.formatMessage({ id: 'form.showValue' }, { field: label });
  return (
    <PasswordInput
      id={id}
      label={label}
      description={fieldHint(options, schema)}
      required={required}
      disabled={disabled || readonly}
      value={typeof value === 'string' ? value : ''}
      inputMode="numeric"
      autoComplete="off"
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        'aria-label': toggleLabel,
        tabIndex: 0,
        disabled: disabled || readonly,
        // Mantine toggles on Space only; a button also answers Enter.
        onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          setVisible((v) => !v);
        },
      }}
      onChange={(e) => onChange(digitsOnly(e.currentTarget.value, max) || undefined)}
      onBlur={(e) => onBlur(id, e.currentTarget.value)}
      onFocus={(e) => onFocus(id, e.currentTarget.value)}
      error={rawErrors?.length ? rawErrors.join('\n') : undefined}
      // Mantine's PasswordInput links its error to the input but does not mark the input invalid.
      aria-invalid={!!rawErrors?.length}
    />
  );
}
