/**
 * One file, checked in the browser against the field's accepted types and size before anything is
 * sent. The File itself waits in formContext.files until the submit; the form value is its name, so
 * `required` works like for any other field. A refused file is reported to the form as the field's
 * error (fileType / fileSize), shown where every other error is.
 */
import { FileInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { acceptedTypesLabel, fileProblem } from '../../engine/files.ts';
import { formatSize } from '../../engine/numberFormat.ts';
import { fieldName, type FormContext } from '../../engine/formContext.ts';
import type { FieldFile } from '../../engine/types.ts';

const ANY_FILE: FieldFile = { accept: [], maxSize: Number.POSITIVE_INFINITY, maxFiles: 1 };

export default function FileWidget(props: WidgetProps) {
  const { id, label, required, disabled, readonly, rawErrors, onChange, onBlur, onFocus, registry, options } = props;
  const intl = useIntl();
  const ctx = registry.formContext as FormContext;
  const name = fieldName(id);
  const spec = (options.file as FieldFile | undefined) ?? ANY_FILE;
  const [file, setFile] = useState<File | null>(ctx.files.get(name) ?? null);
  const size = formatSize(spec.maxSize, intl.locale);
  const imagesOnly = spec.accept.length > 0 && spec.accept.every((a) => a.startsWith('image/'));

  const choose = (chosen: File | null) => {
    const problem = chosen && fileProblem(chosen, spec);
    const kept = chosen && !problem ? chosen : null;
    ctx.reportProblem(name, problem ? { rule: problem, values: { types: acceptedTypesLabel(spec.accept), size } } : null);
    if (kept) ctx.files.set(name, kept);
    else ctx.files.delete(name);
    setFile(kept);
    onChange(kept ? kept.name : undefined);
    // Choosing (or clearing) is leaving the field: from now on it shows its state.
    onBlur(id, kept?.name);
  };

  return (
    <FileInput
      id={id}
      label={label}
      required={required}
      disabled={disabled || readonly}
      value={file}
      onChange={choose}
      onFocus={() => onFocus(id, file?.name)}
      accept={spec.accept.join(',') || undefined}
      clearable
      placeholder={intl.formatMessage({ id: 'upload.browse' })}
      description={intl.formatMessage({ id: imagesOnly ? 'upload.hintImages' : 'upload.hint' }, { size })}
      error={rawErrors?.length ? rawErrors.join('\n') : undefined}
      clearButtonProps={{ 'aria-label': intl.formatMessage({ id: 'upload.clear' }) }}
    />
  );
}
