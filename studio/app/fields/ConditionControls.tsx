/**
 * When a field is shown and what it makes required, in JSON Schema's own words (docs/schema-format.md):
 * "Show only when <field> equals <value>" moves the field into an if/then branch (shown and required only
 * when the answer selects it); "When answered, also require" is dependentRequired.
 */
import { Checkbox, Group, NativeSelect, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { conditionOf, conditionSources, setCondition } from '../../model/conditions.ts';
import { setAlsoRequire } from '../../model/constraints.ts';
import { fieldList } from '../../model/fieldList.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { alsoRequiredOf } from './fieldState.ts';
import type { FieldFacts } from './useField.ts';

/** A condition's value as a select holds it ('true'/'false' for a yes/no), and back. */
const asOption = (value: string | boolean) => (typeof value === 'boolean' ? String(value) : `=${value}`);
const fromOption = (option: string): string | boolean => (option === 'true' ? true : option === 'false' ? false : option.slice(1));

export function ConditionControls({ field }: { field: FieldFacts }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { draft, apply } = useDraft();
  const { ref } = field;
  const condition = conditionOf(draft, ref);
  const sources = conditionSources(draft).filter((source) => source.name !== ref);
  const source = condition ? sources.find((s) => s.name === condition.when) : undefined;
  const english = (key: string) => {
    const value = draft.files['i18n/en.json']?.[key];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const valueText = (when: string, value: string | boolean) =>
    typeof value === 'boolean' ? t(value ? 'fields.condition.yes' : 'fields.condition.no') : english(`fields.${when}.options.${value}`) ? `${english(`fields.${when}.options.${value}`)} (${value})` : value;
  const others = fieldList(draft).filter((item) => item.ref !== ref && !item.condition);

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('fields.condition.when')}
          value={condition?.when ?? ''}
          onChange={(event) => {
            const when = event.currentTarget.value;
            const first = sources.find((s) => s.name === when)?.values[0];
            apply((d) => setCondition(d, ref, when === '' || first === undefined ? null : { when, equals: first }));
          }}
          data={[{ value: '', label: t('fields.condition.always') }, ...sources.map((s) => ({ value: s.name, label: english(`fields.${s.name}.label`) ? `${english(`fields.${s.name}.label`)} (${s.name})` : s.name }))]}
        />
        {condition && source && (
          <NativeSelect
            label={t('fields.condition.equals')}
            value={asOption(condition.equals)}
            onChange={(event) => {
              const equals = fromOption(event.currentTarget.value);
              apply((d) => setCondition(d, ref, { when: condition.when, equals }));
            }}
            data={source.values.map((value) => ({ value: asOption(value), label: valueText(condition.when, value) }))}
          />
        )}
      </Group>
      {!condition && others.length > 0 && (
        <Checkbox.Group
          label={t('fields.condition.alsoRequire')}
          description={t('fields.condition.alsoRequireHelp')}
          value={alsoRequiredOf(draft, ref)}
          onChange={(names) => {
            // In the form's order, whatever order the boxes were ticked in.
            const ordered = others.map((item) => item.ref).filter((name) => names.includes(name));
            apply((d) => setAlsoRequire(d, ref, ordered));
          }}
        >
          <Group gap="md" mt={4}>
            {others.map((item) => (
              <Checkbox key={item.ref} value={item.ref} label={item.ref} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
