/**
 * "Add step": its id (lowercase, the generator's rule) and its English title; it goes last, empty,
 * until fields are put on it.
 */
import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { addStep, isValidStepId } from '../../model/steps.ts';
import { useDraft } from '../draft/DraftContext.tsx';

export function AddStep({ taken }: { taken: readonly string[] }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { apply } = useDraft();
  const [id, setId] = useState('');
  const [title, setTitle] = useState('');
  const [tried, setTried] = useState(false);
  const idError = id === '' ? 'steps.add.idMissing' : !isValidStepId(id) ? 'steps.add.idRule' : taken.includes(id) ? 'steps.add.idTaken' : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (idError) return;
    apply((d) => addStep(d, id, title.trim() === '' ? undefined : title.trim()));
    setId('');
    setTitle('');
    setTried(false);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label={t('steps.add.id')} description={t('steps.add.idHelp')} value={id} onChange={(event) => setId(event.currentTarget.value.trim())} error={tried && idError ? t(idError, { id }) : null} autoComplete="off" spellCheck={false} />
        <TextInput label={t('steps.add.title')} value={title} onChange={(event) => setTitle(event.currentTarget.value)} />
        <Button type="submit" variant="light">
          {t('steps.add.button')}
        </Button>
      </Group>
    </form>
  );
}
