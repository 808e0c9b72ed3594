/**
 * The limits a field's kind takes: a text's lengths and pattern (a named one of the library, US phone,
 * ZIP code, SSN, or a regular expression of the editor's with the message shown when it does not match),
 * a number's smallest and largest value, a date's earliest and latest day (a day, or a day counted from
 * the day of submission: today, today-18y, today+90d), the fewest files of a several-files field.
 */
import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { dateLimit, isDateLimit, setDateLimit, setLimit, setPattern, setNamedPattern, type LimitName } from '../../model/constraints.ts';
import { patternName, type PatternName } from '../../model/patterns.ts';
import { setText } from '../../model/texts.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { CheckedInput, formatNumber, wholeNumber, type Parsed } from './CheckedInput.tsx';
import type { FieldFacts } from './useField.ts';

const NAMED: PatternName[] = ['usPhone', 'zip', 'ssn'];

export function LimitControls({ field }: { field: FieldFacts }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { apply } = useDraft();
  const { ref, kind, schema } = field;
  const limitOf = (name: LimitName) => (typeof schema[name] === 'number' ? (schema[name] as number) : null);
  const limit = (name: LimitName, label: string) => (
    <CheckedInput key={name} label={t(label)} value={limitOf(name)} format={formatNumber} parse={wholeNumber(t('fields.editor.wholeNumber'))} inputMode="numeric" onCommit={(value) => apply((d) => setLimit(d, ref, name, value))} />
  );

  if (kind === 'text' || kind === 'email') {
    return (
      <Stack gap="sm">
        {limit('minLength', 'fields.editor.minLength')}
        {limit('maxLength', 'fields.editor.maxLength')}
        {kind === 'text' && <PatternControls field={field} />}
      </Stack>
    );
  }
  if (kind === 'number') {
    const parse = (text: string): Parsed<number | null> => {
      const trimmed = text.trim();
      if (trimmed === '') return { ok: true, value: null };
      return /^-?[0-9]{1,12}(\.[0-9]+)?$/.test(trimmed) ? { ok: true, value: Number(trimmed) } : { ok: false, error: t('fields.editor.aNumber') };
    };
    return (
      <Stack gap="sm">
        {(['minimum', 'maximum'] as const).map((name) => (
          <CheckedInput key={name} label={t(`fields.editor.${name}`)} value={limitOf(name)} format={formatNumber} parse={parse} inputMode="decimal" onCommit={(value) => apply((d) => setLimit(d, ref, name, value))} />
        ))}
      </Stack>
    );
  }
  if (kind === 'date') {
    const parse = (text: string): Parsed<string | null> => {
      const trimmed = text.trim();
      if (trimmed === '') return { ok: true, value: null };
      return isDateLimit(trimmed) ? { ok: true, value: trimmed } : { ok: false, error: t('fields.editor.dateRule') };
    };
    return (
      <Stack gap="sm">
        {(['min', 'max'] as const).map((which) => (
          <CheckedInput
            key={which}
            label={t(which === 'min' ? 'fields.editor.earliest' : 'fields.editor.latest')}
            description={t('fields.editor.dateHelp')}
            value={dateLimit(schema, which)}
            format={(value) => value ?? ''}
            parse={parse}
            onCommit={(value) => apply((d) => setDateLimit(d, ref, which, value))}
          />
        ))}
      </Stack>
    );
  }
  if (kind === 'files') return limit('minItems', 'fields.editor.fewestFiles');
  return null;
}

function PatternControls({ field }: { field: FieldFacts }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { draft, apply } = useDraft();
  const { ref, schema, textPrefix } = field;
  const named = patternName(schema);
  const written = typeof schema.pattern === 'string' ? schema.pattern : null;
  // "Custom…" stays chosen while its expression is still empty (nothing is written until one is typed).
  const [customChosen, setCustomChosen] = useState(false);
  const choice = named ?? (written !== null || customChosen ? 'custom' : 'none');
  const errorKey = `${textPrefix}.errors.pattern`;
  const errorText = draft.files['i18n/en.json']?.[errorKey];

  const choose = (next: string) => {
    setCustomChosen(next === 'custom');
    if (next === 'custom') return;
    apply((d) => {
      // A custom expression leaves with its message: the message would be a text of nothing.
      const cleared = named === null && written !== null ? setText(setPattern(d, ref, null), 'en', errorKey, null) : d;
      return setNamedPattern(cleared, ref, next === 'none' ? null : (next as PatternName));
    });
  };
  const parse = (text: string): Parsed<string | null> => {
    if (text === '') return { ok: true, value: null };
    try {
      new RegExp(text, 'u');
      return { ok: true, value: text };
    } catch {
      return { ok: false, error: t('fields.editor.regexBroken') };
    }
  };

  return (
    <Stack gap="sm">
      <NativeSelect
        label={t('fields.editor.pattern')}
        value={choice}
        onChange={(event) => choose(event.currentTarget.value)}
        data={[
          { value: 'none', label: t('fields.editor.pattern.none') },
          ...NAMED.map((name) => ({ value: name, label: t(`fields.editor.pattern.${name}`) })),
          { value: 'custom', label: t('fields.editor.pattern.custom') },
        ]}
      />
      {choice === 'custom' && (
        <>
          <CheckedInput label={t('fields.editor.regex')} description={t('fields.editor.regexHelp')} value={written} format={(value) => value ?? ''} parse={parse} onCommit={(value) => apply((d) => setPattern(d, ref, value))} />
          <TextInput
            label={t('fields.editor.patternError')}
            description={t('fields.editor.patternErrorHelp')}
            value={typeof errorText === 'string' ? errorText : ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              apply((d) => setText(d, 'en', errorKey, value));
            }}
          />
        </>
      )}
    </Stack>
  );
}
