/**
 * "Save changes": first what saving will do — each changed file's diff, the migration it will produce,
 * and for each removed field the choice of what happens to its stored answers — then "Save files", which
 * writes the service and runs the generator as `npm run generate` does, and shows what it wrote and said.
 * The plan is asked again whenever a choice changes (a rename changes the schema file and the migration).
 */
import { Alert, Button, Group, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { PlanResponse, RemovedField, SaveResponse } from '../../server/api.ts';
import { studioApi } from '../api.ts';
import { useCatalogue } from '../catalogue/CatalogueContext.tsx';
import { useDraft } from '../draft/DraftContext.tsx';
import { claimedBy, planChoices, type FieldFate } from './choices.ts';
import { DiffView } from './DiffView.tsx';
import { newFieldNames } from './fieldNames.ts';
import { RemovedFieldChoice } from './RemovedFieldChoice.tsx';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The removed fields seen so far, in the order first seen: a choice must not make its own radio group vanish. */
function withRemoved(known: RemovedField[], found: RemovedField[]): RemovedField[] {
  const byField = new Map(known.map((r) => [r.field, r]));
  for (const r of found) byField.set(r.field, r);
  return [...byField.values()];
}

export function SaveDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { draft, saved, apply, markSaved } = useDraft();
  const catalogue = useCatalogue();
  const [fates, setFates] = useState<Record<string, FieldFate>>({});
  const choices = useMemo(() => planChoices(fates), [fates]);
  const [plan, setPlan] = useState<{ for: typeof choices; result: PlanResponse } | { for: typeof choices; error: string } | null>(null);
  const [removed, setRemoved] = useState<RemovedField[]>([]);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<SaveResponse | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    studioApi.plan(draft, choices, controller.signal).then(
      (answer) => {
        setPlan({ for: choices, result: answer });
        setRemoved((known) => withRemoved(known, answer.removed));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setPlan({ for: choices, error: messageOf(error) });
      },
    );
    return () => controller.abort();
  }, [draft, choices]);

  const current = plan?.for === choices ? plan : null;
  const newFields = newFieldNames(draft, saved);

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      const answer = await studioApi.save(draft, choices);
      // The files as written (renames add x-renamed-from) are the new starting point of the editor.
      const { draft: written } = await studioApi.service(draft.id);
      apply(() => written);
      markSaved(written);
      setResult(answer);
      void catalogue.reload();
    } catch (error) {
      setSaveError(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('save.title')} size="xl" closeButtonProps={{ 'aria-label': t('app.close') }}>
      {result ? (
        <Stack gap="sm">
          <Text role="status" fw={700}>
            {t('save.saved', { count: result.written.length })}
          </Text>
          {result.migrations.length > 0 && (
            <List size="sm">
              {result.migrations.map((file) => (
                <List.Item key={file}>{t('save.migrationWritten', { file })}</List.Item>
              ))}
            </List>
          )}
          {result.log.length > 0 && (
            <section aria-label={t('save.log')}>
              <Title order={2} size="h5">
                {t('save.log')}
              </Title>
              <Text component="pre" tabIndex={0} fz="xs" m={0} style={{ overflowX: 'auto', whiteSpace: 'pre-wrap' }}>
                {result.log.join('\n')}
              </Text>
            </section>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('app.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          {!current ? (
            <Group gap="xs">
              <Loader size="sm" aria-hidden />
              <Text role="status">{t('save.planning')}</Text>
            </Group>
          ) : 'error' in current ? (
            <Alert color="red" role="alert" title={t('save.planError')}>
              {current.error}
            </Alert>
          ) : (
            <>
              {current.result.problems.length > 0 && (
                <Alert color="red" role="alert" title={t('save.problems', { count: current.result.problems.length })}>
                  <List size="sm">
                    {current.result.problems.map((p) => (
                      <List.Item key={`${p.file} ${p.pointer} ${p.message}`} ff="monospace">
                        {p.text}
                      </List.Item>
                    ))}
                  </List>
                </Alert>
              )}
              <section aria-label={t('save.files')}>
                <Title order={2} size="h4" mb="xs">
                  {t('save.files')}
                </Title>
                {current.result.files.length === 0 ? (
                  <Text>{t('save.noChange')}</Text>
                ) : (
                  <Stack gap="xs">
                    {current.result.files.map((change) => (
                      <DiffView key={change.path} change={change} label={t('save.diffOf', { path: change.path })} />
                    ))}
                  </Stack>
                )}
              </section>
              <section aria-label={t('save.database')}>
                <Title order={2} size="h4" mb="xs">
                  {t('save.database')}
                </Title>
                {current.result.migrations.length === 0 ? (
                  <Text>{t(current.result.problems.length > 0 ? 'save.databaseUnknown' : 'save.databaseNone')}</Text>
                ) : (
                  current.result.migrations.map((migration) => (
                    <div key={migration.file}>
                      <Text size="sm" ff="monospace">
                        pb_migrations/{migration.file}
                      </Text>
                      <List size="sm">
                        {migration.summary.map((line) => (
                          <List.Item key={line}>{line}</List.Item>
                        ))}
                      </List>
                    </div>
                  ))
                )}
              </section>
            </>
          )}
          {removed.length > 0 && (
            <section aria-label={t('save.removed')}>
              <Title order={2} size="h4" mb="xs">
                {t('save.removed')}
              </Title>
              <Stack gap="md">
                {removed.map((r) => {
                  const taken = claimedBy(fates, r.field);
                  return <RemovedFieldChoice key={r.field} removed={r} fate={fates[r.field] ?? { kind: 'keep' }} candidates={newFields.filter((name) => !taken.has(name))} onChange={(fate) => setFates({ ...fates, [r.field]: fate })} />;
                })}
              </Stack>
            </section>
          )}
          {saveError && (
            <Alert color="red" role="alert" title={t('save.refused')}>
              {saveError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('app.cancel')}
            </Button>
            <Button onClick={save} loading={saving} disabled={!current || 'error' in current || current.result.problems.length > 0 || current.result.files.length === 0}>
              {t('save.button')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
