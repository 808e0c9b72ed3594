/**
 * An existing step's id, renamed when the editor presses Enter or leaves the box, not on each key: the
 * id names the step's title texts (steps.<id>), which move with it, and a half-typed id is no step.
 */
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { isValidStepId, renameStep } from '../../model/steps.ts';
import { useDraft } from '../draft/DraftContext.tsx';

export function StepIdInput({ id, taken }: { id: string; taken: readonly string[] }) {
  const intl = useIntl();
  const { apply } = useDraft();
  const [value, setValue] = useState(id);
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    const next = value.trim();
    if (next === id) return setError(null);
    if (!isValidStepId(next)) return setError(intl.formatMessage({ id: 'steps.add.idRule' }));
    if (taken.includes(next)) return setError(intl.formatMessage({ id: 'steps.add.idTaken' }, { id: next }));
    setError(null);
    apply((d) => renameStep(d, id, next));
  };

  return (
    <TextInput
      label={intl.formatMessage({ id: 'steps.idOf' }, { id })}
      description={intl.formatMessage({ id: 'steps.idOfHelp' })}
      value={value}
      error={error}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
