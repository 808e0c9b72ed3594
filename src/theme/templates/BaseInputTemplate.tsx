/**
 * The `<input>` behind RJSF's text-like widgets (text, email, number, …): Mantine's TextInput, for
 * numbers too. Mantine's NumberInput brings react-number-format (~5 KB gzip) into
 * every form for fields none of ours has; a native number input also opens the phone's number keypad.
 */
import { TextInput } from '@mantine/core';
import { SchemaExamples } from '@rjsf/core';
import { examplesId, getInputProps, labelValue, type BaseInputTemplateProps } from '@rjsf/utils';
import { useCallback, type ChangeEvent, type FocusEvent, type HTMLAttributes, type MouseEvent } from 'react';
import { dateBounds, localToday } from '../../engine/dates.ts';
import { fieldHint } from '../fieldHint.ts';

export default function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    htmlName,
    type,
    schema,
    value,
    placeholder,
    required,
    disabled,
    readonly,
    autofocus,
    label,
    hideLabel,
    onChange,
    onChangeOverride,
    onBlur,
    onFocus,
    options,
    rawErrors,
    children,
    registry,
  } = props;
  const { ClearButton } = registry.templates.ButtonTemplates;
  const inputProps = getInputProps(schema, type, options, false);
  const description = hideLabel ? undefined : fieldHint(options, schema);
  const numeric = inputProps.type === 'number' || inputProps.type === 'integer';
  // A date's limits as the picker's min/max, resolved against the applicant's today (engine/dates.ts).
  const bounds = inputProps.type === 'date' ? dateBounds(schema, localToday()) : undefined;
  const handleChange = useCallback(
    (e: ChangeEvent<HTMLInputElement>) => {
      const raw = e.target.value;
      // A number field holds a number (or the empty value), as with NumberInput.
      const next = raw === '' ? options.emptyValue : numeric && Number.isFinite(Number(raw)) ? Number(raw) : raw;
      (onChangeOverride || onChange)(next);
    },
    [onChange, onChangeOverride, options, numeric],
  );
  const handleBlur = useCallback((e: FocusEvent<HTMLInputElement>) => onBlur(id, e.target?.value), [onBlur, id]);
  const handleFocus = useCallback((e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target?.value), [onFocus, id]);
  const handleClear = useCallback(
    (e: MouseEvent) => {
      e.preventDefault();
      e.stopPropagation();
      onChange(options.emptyValue ?? '');
    },
    [onChange, options.emptyValue],
  );
  return (
    <>
      <TextInput
        id={id}
        name={htmlName || id}
        label={labelValue(label || undefined, hideLabel, false)}
        required={required}
        autoFocus={autofocus}
        disabled={disabled || readonly}
        onBlur={!readonly ? handleBlur : undefined}
        onFocus={!readonly ? handleFocus : undefined}
        onChange={!readonly ? handleChange : undefined}
        placeholder={placeholder}
        error={rawErrors && rawErrors.length > 0 ? rawErrors.join('\n') : undefined}
        list={schema.examples ? examplesId(id) : undefined}
        {...inputProps}
        {...bounds}
        type={numeric ? 'number' : inputProps.type}
        // The phone's keyboard for the field (localizeForm.ts: x-inputmode, numbers).
        inputMode={typeof options.inputMode === 'string' ? (options.inputMode as HTMLAttributes<HTMLInputElement>['inputMode']) : undefined}
        // Mantine links the description and the error to the input itself (aria-describedby), over any
        // ids given here: the help is read with the input because it is the description (../fieldHint.ts).
        description={description}
        value={value ?? ''}
      />
      {options.allowClearTextInputs && !readonly && !disabled && value && <ClearButton registry={registry} onClick={handleClear} />}
      {children}
      <SchemaExamples id={id} schema={schema} />
    </>
  );
}
