/**
 * One file's unified diff, as a region named by the file's path. Added and removed lines keep their "+"
 * and "-" (what a line is does not rest on its colour alone); the text scrolls sideways and, so a
 * keyboard can scroll it, takes the focus.
 */
import { Box, Paper, Title } from '@mantine/core';
import { useId } from 'react';
import type { FileChange } from '../../server/api.ts';

const lineStyle = (line: string) => {
  if (line.startsWith('+++') || line.startsWith('---')) return { fontWeight: 700 };
  if (line.startsWith('+')) return { background: 'var(--mantine-color-green-0)' };
  if (line.startsWith('-')) return { background: 'var(--mantine-color-red-0)' };
  if (line.startsWith('@@')) return { color: 'var(--mantine-color-dimmed)' };
  return {};
};

export function DiffView({ change, label }: { change: FileChange; label: string }) {
  const heading = useId();
  const lines = change.diff.replace(/\n$/, '').split('\n');
  return (
    <Paper component="section" aria-labelledby={heading} withBorder p="xs">
      <Title order={3} size="sm" id={heading} ff="monospace" mb={4} style={{ overflowWrap: 'anywhere' }}>
        {change.path}
      </Title>
      <Box component="pre" tabIndex={0} aria-label={label} m={0} p={4} fz="xs" style={{ overflowX: 'auto', maxHeight: '24rem', overflowY: 'auto' }}>
        {lines.map((line, index) => (
          <div key={index} style={lineStyle(line)}>
            {line || ' '}
          </div>
        ))}
      </Box>
    </Paper>
  );
}
