/**
 * One file, checked in the browser against the field's accepted types and size before it is sent
 * (the server checks both again, by content). The File stays in formContext.files; the form value
 * is its name, so `required` works like any other field.
 */
import { FileInput, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { FormContext } from '../../engine/formContext.ts';
import { fieldName } from '../../engine/formContext.ts';
import { formatSize } from '../../engine/formatSize.ts';
import type { FieldTraits } from '../../engine/types.ts';

export function fileProblem(file: File, spec: NonNullable<FieldTraits['file']>): 'fileType' | 'fileSize' | null {
  const typeOk = spec.accept.some((a) => (a.endsWith('/*') ? file.type.startsWith(a.slice(0, -1)) : file.type === a));
  if (!typeOk) return 'fileType';
  if (file.size > spec.maxSize) return 'fileSize';
  return null;
}

export default function FileWidget(props: WidgetProps) {
  const { id, label, required, disabled, readonly, rawErrors, onChange, onBlur, registry, options } = props;
  const intl = useIntl();
  const ctx = registry.formContext as FormContext;
  const name = fieldName(id);
  const spec = (options.file as FieldTraits['file']) ?? { accept: [], maxSize: Infinity, maxFiles: 1 };
  const [file, setFile] = useState<File | null>(ctx.files.get(name) ?? null);
  const [localError, setLocalError] = useState<string | null>(null);
  const size = formatSize(spec.maxSize, intl.locale);
  const imagesOnly = spec.accept.every((a) => a.startsWith('image/'));

  const choose = (chosen: File | null) => {
    setLocalError(null);
    if (chosen) {
      const problem = fileProblem(chosen, spec);
      if (problem) {
        const types = spec.accept.map((a) => a.split('/')[1]?.toUpperCase()).join(', ');
        setLocalError(intl.formatMessage({ id: `errors.${problem}` }, { types, size }));
        setFile(null);
        ctx.files.delete(name);
        onChange(undefined);
        return;
      }
      ctx.files.set(name, chosen);
    } else ctx.files.delete(name);
    setFile(chosen);
    onChange(chosen ? chosen.name : undefined);
    onBlur(id, chosen?.name);
  };

  const errors = localError ?? (rawErrors?.length ? rawErrors.join('\n') : undefined);
  return (
    <>
    <FileInput
      id={id}
      label={label}
      required={required}
      disabled={disabled || readonly}
      value={file}
      onChange={choose}
      accept={spec.accept.join(',')}
      clearable
      placeholder={intl.formatMessage({ id: 'upload.browse' })}
      description={intl.formatMessage({ id: imagesOnly ? 'upload.hintImages' : 'upload.hint' }, { size })}
      error={errors}
      aria-invalid={Boolean(errors)}
      clearButtonProps={{ 'aria-label': intl.formatMessage({ id: 'upload.clear' }) }}
    />
    {/* A refused file is not a form error (the value stays empty), so the widget says why itself. */}
    {localError && (
      <Text size="sm" c="red.8" role="alert">
        {localError}
      </Text>
    )}
    </>
  );
}
