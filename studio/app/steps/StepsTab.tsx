/**
 * The Steps tab: whether the form is shown as titled steps (form.ui.json ui:steps), the steps in order
 * with their English titles, and the step each field is on. Every field the form shows is on exactly one
 * step (the generator's rule), so a field moves between steps rather than leaving them.
 */
import { Code, NativeSelect, Stack, Switch, Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { fieldList } from '../../model/fieldList.ts';
import { setStepOfField, setUseSteps, stepOfField, stepsOf, usesSteps } from '../../model/steps.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { FieldProblems } from '../draft/FieldProblems.tsx';
import { AddStep } from './AddStep.tsx';
import { StepList } from './StepList.tsx';

export function StepsTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { draft, apply } = useDraft();
  const on = usesSteps(draft);
  const steps = on ? stepsOf(draft) : [];
  const fields = fieldList(draft);

  return (
    <Stack gap="md">
      <Switch
        label={t('steps.use')}
        description={t('steps.useHelp')}
        checked={on}
        onChange={(event) => {
          const next = event.currentTarget.checked;
          apply((d) => setUseSteps(d, next));
        }}
      />
      <FieldProblems file="form.ui.json" pointer="/ui:steps" />
      {on && (
        <>
          <StepList steps={steps} />
          <AddStep taken={steps.map((step) => step.id)} />
          {fields.length > 0 && (
            <Table withTableBorder>
              <Table.Caption>{t('steps.fields.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('steps.fields.field')}</Table.Th>
                  <Table.Th scope="col">{t('steps.fields.step')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fields.map((field) => (
                  <Table.Tr key={field.ref}>
                    <Table.Th scope="row" fw="normal">
                      <Text size="sm">{field.label || t(field.shared ? 'fields.list.sharedLabel' : 'fields.list.noLabel')}</Text>
                      <Code>{field.ref}</Code>
                    </Table.Th>
                    <Table.Td>
                      <NativeSelect
                        aria-label={t('steps.fields.stepOf', { name: field.ref })}
                        value={stepOfField(draft, field.ref) ?? ''}
                        onChange={(event) => {
                          const step = event.currentTarget.value;
                          apply((d) => setStepOfField(d, field.ref, step));
                        }}
                        data={[
                          ...(stepOfField(draft, field.ref) === null ? [{ value: '', label: t('steps.fields.none'), disabled: true }] : []),
                          ...steps.map((step) => ({ value: step.id, label: stepTitle(draft.files['i18n/en.json'], step.id) })),
                        ]}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}

/** A step as a select lists it: its English title and its id ("About you (about)"), or its id alone. */
export function stepTitle(english: Record<string, unknown> | undefined, id: string): string {
  const title = english?.[`steps.${id}`];
  return typeof title === 'string' && title !== '' ? `${title} (${id})` : id;
}
