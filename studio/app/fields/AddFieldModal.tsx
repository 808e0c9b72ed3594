/**
 * "Add field": its kind, its name (the column's, camelCase) and its English label. For the form, every
 * kind the engine has plus the shared definitions of common/fields.json; for a repeating group's row, the
 * scalar kinds only (docs/schema-format.md: a row holds no files, groups or shared fields).
 */
import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useCatalogue } from '../catalogue/CatalogueContext.tsx';
import { BASE_KINDS, ITEM_KINDS, type Kind } from '../../model/kinds.ts';
import { nameProblem } from './kinds.ts';

interface AddFieldModalProps {
  opened: boolean;
  /** Adding to a repeating group's row: the group's name. */
  group?: string;
  /** The names already taken where the field goes. */
  taken: readonly string[];
  onClose(): void;
  onAdd(field: { kind: Kind; name: string; label: string }): void;
}

export function AddFieldModal({ opened, group, taken, onClose, onAdd }: AddFieldModalProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { sharedFields } = useCatalogue();
  const [kind, setKind] = useState('text');
  const [name, setName] = useState('');
  const [label, setLabel] = useState('');
  const [tried, setTried] = useState(false);
  const shared = kind.startsWith('shared:');

  const kinds = [
    ...(group ? ITEM_KINDS : BASE_KINDS).map((value) => ({ value, label: t(`fields.kind.${value}`) })),
    ...(group ? [] : sharedFields.map((s) => ({ value: `shared:${s.name}`, label: t('fields.kind.shared', { name: s.name }) }))),
  ];
  const nameError = nameProblem(name, taken);
  const labelError = !shared && label.trim() === '' ? 'fields.add.labelMissing' : null;

  const close = () => {
    setKind('text');
    setName('');
    setLabel('');
    setTried(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameError || labelError) return;
    onAdd({ kind: kind as Kind, name, label: label.trim() });
    close();
  };

  return (
    <Modal opened={opened} onClose={close} title={group ? t('fields.add.titleIn', { group }) : t('fields.add.title')} closeButtonProps={{ 'aria-label': t('app.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NativeSelect
            label={t('fields.add.kind')}
            data-autofocus
            data={kinds}
            value={kind}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setKind(next);
              // A shared field is usually called as its definition (fullName): offered, not forced.
              if (next.startsWith('shared:') && name === '') setName(next.slice('shared:'.length));
            }}
          />
          <TextInput
            label={t('fields.add.name')}
            description={t('fields.add.nameHelp')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value.trim())}
            error={tried && nameError ? t(nameError, { name }) : null}
            autoComplete="off"
            spellCheck={false}
          />
          <TextInput
            label={t('fields.add.label')}
            description={shared ? t('fields.add.labelSharedHelp') : undefined}
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            error={tried && labelError ? t(labelError) : null}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('fields.cancel')}
            </Button>
            <Button type="submit">{t('fields.add.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
