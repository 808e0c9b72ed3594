/**
 * The count of the generator's problems with the draft ("3 problems", "No problems"), a button that
 * lists them all with the command line's wording. A problem beside its field is FieldProblems'; this is
 * the whole list, including problems no editor shows (another file's, the generator's cross-checks).
 */
import { Alert, Button, Group, List, Loader, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useIntl } from 'react-intl';
import { useDraft } from '../draft/DraftContext.tsx';

export function ProblemsButton() {
  const intl = useIntl();
  const { problems, checking, checkError } = useDraft();
  const [opened, { open, close }] = useDisclosure(false);
  const count = problems.length;
  const label = intl.formatMessage({ id: 'problems.count' }, { count });
  return (
    <>
      {/* The name stays "N problems" while a check runs (aria-busy says it may change); the spinner is beside it. */}
      <Group gap={4} wrap="nowrap">
        <Loader size="xs" aria-hidden style={{ visibility: checking ? 'visible' : 'hidden' }} />
        <Button variant={count > 0 ? 'outline' : 'default'} color={count > 0 ? 'red.9' : undefined} onClick={open} aria-busy={checking}>
          {label}
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={intl.formatMessage({ id: 'problems.title' })} size="xl" closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'app.close' }) }}>
        {checkError && (
          <Alert color="red" role="alert" mb="sm" title={intl.formatMessage({ id: 'problems.checkError' })}>
            {checkError}
          </Alert>
        )}
        {count === 0 ? (
          <Text>{intl.formatMessage({ id: 'problems.none' })}</Text>
        ) : (
          <List spacing="xs">
            {problems.map((problem) => (
              <List.Item key={`${problem.file} ${problem.pointer} ${problem.message}`}>
                <Text component="span" ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {problem.text}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Modal>
    </>
  );
}
