/**
 * The editor of one service: its id as the heading, the problems, undo/redo and Save…, the four tabs
 * (the open one kept in the address, ?tab=texts) and the live preview beside them on a wide window,
 * under them on a narrow one.
 */
import { Alert, Button, Grid, Group, Tabs, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { useDraft } from '../draft/DraftContext.tsx';
import { FieldsTab } from '../fields/FieldsTab.tsx';
import { PreviewPanel } from '../preview/PreviewPanel.tsx';
import { SaveDialog } from '../save/SaveDialog.tsx';
import { SettingsTab } from '../settings/SettingsTab.tsx';
import { StepsTab } from '../steps/StepsTab.tsx';
import { TextsTab } from '../texts/TextsTab.tsx';
import { ProblemsButton } from './ProblemsButton.tsx';
import { EDITOR_TABS, tabOf } from './tabs.ts';
import { useUndoKeys } from './useUndoKeys.ts';

export function EditorScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { draft, dirty, undo, redo, canUndo, canRedo, editError } = useDraft();
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('tab'));
  const [saving, { open: openSave, close: closeSave }] = useDisclosure(false);
  useUndoKeys(undo, redo);

  // Leaving the page with unsaved edits asks first: the draft lives only in this tab.
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={1}>{draft.id}</Title>
        <Group gap="xs">
          <ProblemsButton />
          <Button variant="default" onClick={undo} disabled={!canUndo}>
            {t('editor.undo')}
          </Button>
          <Button variant="default" onClick={redo} disabled={!canRedo}>
            {t('editor.redo')}
          </Button>
          <Button onClick={openSave}>{t('editor.save')}</Button>
        </Group>
      </Group>
      {editError && (
        <Alert color="red" role="alert" mb="md" title={t('editor.editRefused')}>
          {editError}
        </Alert>
      )}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Tabs value={tab} onChange={(next) => setSearch((params) => (params.set('tab', next ?? 'fields'), params), { replace: true })} keepMounted={false}>
            <Tabs.List mb="md">
              {EDITOR_TABS.map((value) => (
                <Tabs.Tab key={value} value={value}>
                  {t(`editor.tab.${value}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="fields">
              <FieldsTab />
            </Tabs.Panel>
            <Tabs.Panel value="steps">
              <StepsTab />
            </Tabs.Panel>
            <Tabs.Panel value="texts">
              <TextsTab />
            </Tabs.Panel>
            <Tabs.Panel value="settings">
              <SettingsTab />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <PreviewPanel />
        </Grid.Col>
      </Grid>
      {saving && <SaveDialog onClose={closeSave} />}
    </>
  );
}
