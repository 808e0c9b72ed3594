/**
 * A choice from a list, as the phone's own picker: a native <select> (Mantine's NativeSelect). Native
 * is what applicants on phones handle best (the system wheel or sheet, with its own search on long
 * lists such as the 50 states), it works with every screen reader, and it weighs a few hundred bytes,
 * where Mantine's searchable Select brings Combobox, ScrollArea and floating-ui (~19 KB gzip).
 * One choice only: a form's fields are scalars (schemas/meta/property.meta.json has no arrays), so no
 * field asks for several.
 */
import { NativeSelect } from '@mantine/core';
import {
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  labelValue,
  type WidgetProps,
} from '@rjsf/utils';
import type { ChangeEvent, FocusEvent } from 'react';
import { fieldHint } from '../fieldHint.ts';

export default function SelectWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, label, hideLabel, rawErrors, options, schema, onChange, onBlur, onFocus } = props;
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  // The real values in the DOM (RJSF's default is the option's index), so the browser's address autofill
  // can match a state by its code, and what the page holds is what is sent.
  const format = options.optionValueFormat ? getOptionValueFormat(options) : 'realValue';
  const decode = (raw: string) => enumOptionValueDecoder(raw, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, '');
  return (
    <NativeSelect
      id={id}
      name={htmlName || id}
      label={labelValue(label || undefined, hideLabel, false)}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      // ui:autocomplete (a state of an address: address-level1), as RJSF's text inputs pass it.
      autoComplete={options.autocomplete}
      value={typeof selected === 'string' ? selected : ''}
      onChange={(e: ChangeEvent<HTMLSelectElement>) => !readonly && onChange(decode(e.target.value))}
      onBlur={(e: FocusEvent<HTMLSelectElement>) => onBlur(id, decode(e.target.value))}
      onFocus={(e: FocusEvent<HTMLSelectElement>) => onFocus(id, decode(e.target.value))}
      error={rawErrors && rawErrors.length > 0 ? rawErrors.join('\n') : undefined}
      // Linked to the select by Mantine (aria-describedby), with the error: ../fieldHint.ts.
      description={hideLabel ? undefined : fieldHint(options, schema)}
    >
      {/* Nothing chosen yet: an empty first option, so a required field is not silently pre-filled. */}
      <option value="">{''}</option>
      {enumOptions.map((option, index) => (
        <option
          key={index}
          value={String(enumOptionValueEncoder(option.value, index, format))}
          disabled={Array.isArray(enumDisabled) && enumDisabled.includes(option.value)}
        >
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}
