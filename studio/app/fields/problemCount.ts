/**
 * How many of the generator's problems concern a field: those under its schema in form.schema.json and
 * under its entry in form.ui.json (what its editor shows beside it).
 */
import { useCallback } from 'react';
import { useDraft } from '../draft/DraftContext.tsx';
import { locateField } from './fieldState.ts';
import { splitRef } from './useField.ts';

export function useFieldProblemCount(): (ref: string) => number {
  const { draft, problemsFor } = useDraft();
  return useCallback(
    (ref: string) => {
      const path = splitRef(ref);
      const location = locateField(draft, path);
      const ui = path.group ? `/${path.group}/items/${path.name}` : `/${path.name}`;
      return (location ? problemsFor('form.schema.json', location.pointer).length : 0) + problemsFor('form.ui.json', ui).length;
    },
    [draft, problemsFor],
  );
}
