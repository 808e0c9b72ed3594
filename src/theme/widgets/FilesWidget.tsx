/**
 * A field of several files (x-file.maxFiles > 1, design §3): a button that adds files (the same hidden
 * `<input type=file>` a drop goes into, features/forms/fileDrop.ts), and the chosen files in their order,
 * each with its own Remove button. Every file is checked for type and size, the count against maxFiles
 * and the sum against maxTotalSize before it is taken; a choice that breaks a rule is refused whole and
 * said at the field, so nothing is taken silently. The Files wait in formContext.files; the form value
 * is the list of their names, so minItems/maxItems work like for any array.
 */
import { Button, Group, Input, Text, UnstyledButton } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useRef, useState, type InputHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { fieldName, type FormContext } from '../../engine/formContext.ts';
import type { FieldProblem } from '../../engine/problems.ts';
import { acceptedTypesLabel, DROP_ZONE_OF, fileProblem, PICKER_OF } from '../../engine/files.ts';
import { formatSize } from '../../engine/numberFormat.ts';
import type { FieldFile } from '../../engine/types.ts';
import { fieldHint } from '../fieldHint.ts';

type Spec = FieldFile;
const ANY_FILES: Spec = { accept: [], maxSize: Number.POSITIVE_INFINITY, maxFiles: 20 };

export default function FilesWidget(props: WidgetProps) {
  const { id, label, required, disabled, readonly, rawErrors, onChange, onBlur, registry, options, schema } = props;
  const intl = useIntl();
  const ctx = registry.formContext as FormContext;
  const name = fieldName(id);
  const spec = (options.file as Spec | undefined) ?? ANY_FILES;
  const max = typeof schema.maxItems === 'number' ? Math.min(schema.maxItems, spec.maxFiles) : spec.maxFiles;
  const [list, setList] = useState<File[]>(ctx.files.get(name) ?? []);
  const input = useRef<HTMLInputElement>(null);
  const adder = useRef<HTMLButtonElement>(null);
  const removers = useRef<(HTMLButtonElement | null)[]>([]);
  const off = disabled || readonly;
  const size = formatSize(spec.maxSize, intl.locale);
  const total = spec.maxTotalSize ? formatSize(spec.maxTotalSize, intl.locale) : null;

  const commit = (next: File[]) => {
    if (next.length) ctx.files.set(name, next);
    else ctx.files.delete(name);
    setList(next);
    onChange(next.length ? next.map((f) => f.name) : undefined);
    // Choosing (or removing) is leaving the field: from now on it shows its state.
    onBlur(id, next.map((f) => f.name));
  };

  /** Adds `chosen` after the files already there (one of the same name is replaced); whether it was taken. */
  const add = (chosen: File[]): boolean => {
    const next = [...list.filter((f) => !chosen.some((c) => c.name === f.name)), ...chosen];
    const broken = chosen.map((f) => fileProblem(f, spec)).find(Boolean);
    const sum = next.reduce((s, f) => s + f.size, 0);
    const problem: FieldProblem | null = broken
      ? { rule: broken, values: { types: acceptedTypesLabel(spec.accept), size } }
      : next.length > max
        ? { rule: 'maxItems', values: { limit: max } }
        : spec.maxTotalSize && sum > spec.maxTotalSize
          ? { rule: 'fileTotal', values: { size: total ?? '' } }
          : null;
    ctx.reportProblem(name, problem);
    if (problem) return false;
    commit(next);
    return true;
  };

  const remove = (index: number) => {
    ctx.reportProblem(name, null);
    commit(list.filter((_, i) => i !== index));
    // Focus stays in the list: on the file that took this one's place, else the one before, else the add button.
    requestAnimationFrame(() => (removers.current[Math.min(index, list.length - 2)] ?? adder.current)?.focus());
  };

  const hint = [
    fieldHint(options, schema),
    intl.formatMessage({ id: total ? 'upload.hintManyTotal' : 'upload.hintMany' }, { count: max, size, total: total ?? '' }),
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Input.Wrapper
      id={id}
      label={label}
      required={required}
      description={
        <>
          {required && <span className="sr-only">{intl.formatMessage({ id: 'form.required' })}. </span>}
          {hint}
          {!off && (
            <span className="formwork-drop-hint" aria-hidden="true">
              {' '}
              {intl.formatMessage({ id: 'upload.dropHintMany' })}
            </span>
          )}
        </>
      }
      error={rawErrors?.length ? rawErrors.join('\n') : undefined}
      {...{ [DROP_ZONE_OF]: id }}
    >
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        accept={spec.accept.join(',') || undefined}
        disabled={off}
        onChange={(event) => {
          const el = event.currentTarget;
          add([...(el.files ?? [])]);
          // The input keeps nothing: the list is the state, and the same file chosen again is a change again.
          el.value = '';
        }}
        {...({ [PICKER_OF]: id } as InputHTMLAttributes<HTMLInputElement>)}
      />
      {list.length > 0 && (
        <ol style={{ margin: '4px 0', paddingInlineStart: '1.25rem' }} data-testid={`files-${name}`}>
          {list.map((file, i) => (
            <li key={file.name}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {file.name} <Text span c="dimmed" size="xs">({formatSize(file.size, intl.locale)})</Text>
                </Text>
                <UnstyledButton
                  ref={(el) => {
                    removers.current[i] = el;
                  }}
                  type="button"
                  disabled={off}
                  onClick={() => remove(i)}
                  aria-label={intl.formatMessage({ id: 'form.files.remove' }, { name: file.name })}
                  c="red.9"
                  fz="sm"
                  td="underline"
                  miw={24}
                  mih={24}
                >
                  {intl.formatMessage({ id: 'form.files.removeShort' })}
                </UnstyledButton>
              </Group>
            </li>
          ))}
        </ol>
      )}
      <Button
        ref={adder}
        id={id}
        variant="default"
        size="sm"
        mt={4}
        disabled={off || list.length >= max}
        onClick={() => input.current?.click()}
        aria-invalid={rawErrors?.length ? true : undefined}
        // The wrapper's label names this button (htmlFor = id); its help and error describe it, as Mantine
        // does for its own inputs.
        aria-describedby={[rawErrors?.length ? `${id}-error` : '', `${id}-description`].filter(Boolean).join(' ')}
      >
        {intl.formatMessage({ id: 'upload.browseMany' })}
      </Button>
    </Input.Wrapper>
  );
}
