/**
 * Removing a field, after saying what happens to what applicants already sent: a field on disk is
 * retired (its column and values stay, staff still see them on older applications, docs/schema-format.md
 * "Changing a form that has records"); the Save dialog then offers to call it a rename or to delete the
 * values. A field added in this session leaves nothing behind.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { removeField } from '../../model/fields.ts';
import { useDraft } from '../draft/DraftContext.tsx';
import { locateField } from './fieldState.ts';
import type { FieldFacts } from './useField.ts';

export function RemoveField({ field, onRemoved }: { field: FieldFacts; onRemoved(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { saved, apply } = useDraft();
  const [asking, setAsking] = useState(false);
  const { ref, name, group } = field;
  const stored = saved !== null && locateField(saved, { name, group }) !== null;
  const explanation = !stored ? 'fields.remove.new' : group ? 'fields.remove.row' : 'fields.remove.retire';
  return (
    <>
      <div>
        <Button variant="outline" color="red.9" onClick={() => setAsking(true)}>
          {t('fields.remove.button', { name: ref })}
        </Button>
      </div>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('fields.remove.title', { name: ref })} closeButtonProps={{ 'aria-label': t('app.close') }}>
        <Stack gap="md">
          <Text>{t(explanation, { name: ref })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
              {t('fields.cancel')}
            </Button>
            <Button
              color="red.9"
              onClick={() => {
                setAsking(false);
                apply((d) => removeField(d, ref));
                onRemoved();
              }}
            >
              {t('fields.remove.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
