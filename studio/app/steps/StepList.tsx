/**
 * The steps in order: each with its id (renamable), its English title (the service text steps.<id>), how many fields
 * it holds, and buttons to move it up or down or remove it (its fields go to the step before it).
 */
import { ActionIcon, Button, Code, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { moveStep, removeStep } from '../../model/steps.ts';
import { setText } from '../../model/texts.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { StepIdInput } from './StepIdInput.tsx';

export function StepList({ steps }: { steps: ReadonlyArray<{ id: string; fields: string[] }> }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { draft, apply } = useDraft();
  const english = (key: string) => {
    const value = draft.files['i18n/en.json']?.[key];
    return typeof value === 'string' ? value : '';
  };
  return (
    <Stack role="list" aria-label={t('steps.list')} gap="xs">
      {steps.map((step, index) => {
        const first = index === 0;
        const last = index === steps.length - 1;
        const only = steps.length === 1;
        return (
          <Paper key={step.id} role="listitem" withBorder p="xs">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
                <Group gap="xs">
                  <Code>{step.id}</Code>
                  <Text size="sm" c="dimmed">
                    {t('steps.fieldCount', { count: step.fields.length })}
                  </Text>
                </Group>
                <StepIdInput id={step.id} taken={steps.map((s) => s.id)} />
                <TextInput
                  label={t('steps.titleOf', { id: step.id })}
                  value={english(`steps.${step.id}`)}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    apply((d) => setText(d, 'en', `steps.${step.id}`, value));
                  }}
                />
              </Stack>
              <Group gap={4}>
                {/* aria-disabled keeps the keyboard's focus on a button whose step reached the end. */}
                <ActionIcon variant="default" size="lg" aria-label={t('steps.moveUp', { id: step.id })} aria-disabled={first || undefined} data-disabled={first || undefined} onClick={() => !first && apply((d) => moveStep(d, step.id, 'up'))}>
                  <span aria-hidden="true">↑</span>
                </ActionIcon>
                <ActionIcon variant="default" size="lg" aria-label={t('steps.moveDown', { id: step.id })} aria-disabled={last || undefined} data-disabled={last || undefined} onClick={() => !last && apply((d) => moveStep(d, step.id, 'down'))}>
                  <span aria-hidden="true">↓</span>
                </ActionIcon>
                <Button variant="outline" color="red.9" aria-disabled={only || undefined} data-disabled={only || undefined} title={only ? t('steps.removeOnly') : undefined} onClick={() => !only && apply((d) => removeStep(d, step.id))}>
                  {t('steps.remove', { id: step.id })}
                </Button>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
