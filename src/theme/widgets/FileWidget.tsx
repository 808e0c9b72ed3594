/**
 * One file, checked in the browser against the field's accepted types and size before anything is
 * sent. The File itself waits in formContext.files until the submit; the form value is its name, so
 * `required` works like for any other field. A refused file is reported to the form as the field's
 * error (fileType / fileSize / fileCount), shown where every other error is. A file may also be dropped on the field
 * (features/forms/fileDrop.ts), which chooses it through the same hidden input.
 *
 * Mantine's FileInput is a <button>, named by its label alone: `required` means nothing on a button, the
 * label's asterisk is hidden from screen readers, and the chosen file's name (the button's text) is
 * not in its name. So the description, which Mantine links to the button, also says both, in words
 * only screen readers get (the page shows the asterisk and the name).
 */
import { FileInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState, type ChangeEvent, type CSSProperties, type InputHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { acceptedTypesLabel, DROP_ZONE_OF, fileProblem, PICKER_OF } from '../../engine/files.ts';
import { formatSize } from '../../engine/numberFormat.ts';
import { fieldName, type FormContext } from '../../engine/formContext.ts';
import type { FieldFile } from '../../engine/types.ts';
import { fieldHint } from '../fieldHint.ts';
import FilesWidget from './FilesWidget.tsx';

const ANY_FILE: FieldFile = { accept: [], maxSize: Number.POSITIVE_INFINITY, maxFiles: 1 };
/**
 * WCAG 2.5.8: the clear button sits on the control, so it needs a 24 px target. Mantine sizes it by the
 * input (22 px at "sm") after the clearButtonProps, so its size prop would be lost: the variable is set.
 */
const CLEAR_BUTTON_STYLE = { '--cb-size': 'var(--cb-size-md)' } as CSSProperties;

/** A field of several files (x-file.maxFiles > 1, an array of names) gets the list widget (FilesWidget.tsx). */
export default function FileWidget(props: WidgetProps) {
  return props.schema.type === 'array' ? <FilesWidget {...props} /> : <OneFileWidget {...props} />;
}

function OneFileWidget(props: WidgetProps) {
  const { id, label, required, disabled, readonly, rawErrors, onChange, onBlur, onFocus, registry, options, schema } = props;
  const intl = useIntl();
  const ctx = registry.formContext as FormContext;
  const name = fieldName(id);
  const spec = (options.file as FieldFile | undefined) ?? ANY_FILE;
  const [file, setFile] = useState<File | null>(ctx.files.get(name)?.[0] ?? null);
  const size = formatSize(spec.maxSize, intl.locale);
  const imagesOnly = spec.accept.length > 0 && spec.accept.every((a) => a.startsWith('image/'));

  /** Takes `chosen` (of `count` given at once) if the field accepts it; whether it did. */
  const choose = (chosen: File | null, count = chosen ? 1 : 0): boolean => {
    // Several files dropped at once on a one-file field: none is taken, rather than one silently.
    const problem = count > 1 ? 'fileCount' : chosen && fileProblem(chosen, spec);
    const kept = chosen && !problem ? chosen : null;
    ctx.reportProblem(name, problem ? { rule: problem, values: { types: acceptedTypesLabel(spec.accept), size } } : null);
    if (kept) ctx.files.set(name, [kept]);
    else ctx.files.delete(name);
    setFile(kept);
    onChange(kept ? kept.name : undefined);
    // Choosing (or clearing) is leaving the field: from now on it shows its state.
    onBlur(id, kept?.name);
    return !!kept;
  };

  return (
    <FileInput
      id={id}
      label={label}
      required={required}
      disabled={disabled || readonly}
      // Named for the drop of a file on the field, which goes into this input (fileDrop.ts); disabled with
      // the button (Mantine disables it only when read-only, and a drop goes there). Its change read here
      // rather than by Mantine, which would take the first of several dropped files.
      fileInputProps={
        {
          [PICKER_OF]: id,
          disabled: disabled || readonly,
          onChange: (event: ChangeEvent<HTMLInputElement>) => {
            const input = event.currentTarget;
            const files = input.files;
            // A refused choice is not kept in the input either: the same file chosen again is a change again.
            if (!choose(files?.[0] ?? null, files?.length ?? 0)) input.value = '';
          },
        } as InputHTMLAttributes<HTMLInputElement>
      }
      // Where a file may be dropped for this field (fileDrop.ts).
      wrapperProps={{ [DROP_ZONE_OF]: id }}
      value={file}
      onChange={(chosen: File | null) => void choose(chosen)}
      onFocus={() => onFocus(id, file?.name)}
      accept={spec.accept.join(',') || undefined}
      clearable
      placeholder={intl.formatMessage({ id: 'upload.browse' })}
      description={
        <>
          {required && <span className="sr-only">{intl.formatMessage({ id: 'form.required' })}. </span>}
          {[fieldHint(options, schema), intl.formatMessage({ id: imagesOnly ? 'upload.hintImages' : 'upload.hint' }, { size })].filter(Boolean).join(' ')}
          {/* Seen where a file can be dragged (a mouse: index.html hides it on touch screens); not read out. */}
          {!(disabled || readonly) && (
            <span className="formwork-drop-hint" aria-hidden="true">
              {' '}
              {intl.formatMessage({ id: 'upload.dropHint' })}
            </span>
          )}
          {file && <span className="sr-only"> {intl.formatMessage({ id: 'upload.selected' }, { name: file.name })}</span>}
        </>
      }
      error={rawErrors?.length ? rawErrors.join('\n') : undefined}
      clearButtonProps={{ 'aria-label': intl.formatMessage({ id: 'upload.clear' }), style: CLEAR_BUTTON_STYLE }}
    />
  );
}
