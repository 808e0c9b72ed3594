/**
 * A text box bound to one value of the draft. What is typed is shown as typed; each change is offered to
 * the model's edit, and while the edit refuses it (a half-typed address, "/ta"), the draft keeps its last
 * good value and the box says why, under it. An undo that changes the value puts the draft's value back
 * in the box.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import type { ServiceDraft } from '../../model/document.ts';
import { useDraft } from '../draft/DraftContext.tsx';

interface DraftTextInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  value: string;
  edit(draft: ServiceDraft, value: string): ServiceDraft;
}

export function DraftTextInput({ value, edit, ...props }: DraftTextInputProps) {
  const { draft, apply } = useDraft();
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The draft changed from elsewhere (undo, another control): show its value.
  if (value !== shown) {
    setShown(value);
    setTyped(value);
    setRefusal(null);
  }
  const change = (next: string) => {
    setTyped(next);
    try {
      edit(draft, next);
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
      return;
    }
    setRefusal(null);
    setShown(next);
    apply((current) => edit(current, next));
  };
  return <TextInput {...props} value={typed} onChange={(event) => change(event.currentTarget.value)} error={refusal} spellCheck={false} autoComplete="off" />;
}
