/**
 * The generator's problems with one part of a file, shown beside the control that edits it, in the
 * command line's own words (schemas/services/<id>/form.schema.json:12:5: …). An alert, so a screen reader
 * hears a problem appear while its user types.
 */
import { List, Text } from '@mantine/core';
import { useDraft } from './DraftContext.tsx';

export function FieldProblems({ file, pointer }: { file: string; pointer: string }) {
  const found = useDraft().problemsFor(file, pointer);
  if (found.length === 0) return null;
  return (
    <div role="alert">
      <List size="sm" c="var(--mantine-color-error)" spacing={2}>
        {found.map((problem) => (
          <List.Item key={`${problem.pointer} ${problem.message}`}>
            <Text component="span" size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {problem.text}
            </Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
