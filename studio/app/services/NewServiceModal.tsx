/**
 * "New service": a service made from a template (blank, or a copy of an existing one) with its id, table
 * and addresses. Nothing is written: the server returns the draft, the editor opens on it, and Save
 * writes it.
 */
import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { studioApi } from '../api.ts';
import { useCatalogue } from '../catalogue/CatalogueContext.tsx';
import { emptyNewService, newServiceProblems, suggestedFor, type NewServiceField, type NewServiceValues } from './newService.ts';

const FIELDS: { field: NewServiceField; label: string; help: string }[] = [
  { field: 'id', label: 'services.new.id', help: 'services.new.id.help' },
  { field: 'collection', label: 'services.new.collection', help: 'services.new.collection.help' },
  { field: 'prefix', label: 'services.new.prefix', help: 'services.new.prefix.help' },
  { field: 'route', label: 'services.new.route', help: 'services.new.route.help' },
  { field: 'adminRoute', label: 'services.new.adminRoute', help: 'services.new.adminRoute.help' },
];

export function NewServiceModal({ template, onClose }: { template: string | null; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const { services, templates } = useCatalogue();
  const [values, setValues] = useState<NewServiceValues>(() => emptyNewService(template ?? 'blank'));
  // The values the editor typed itself; the others follow the id until typed.
  const [typed, setTyped] = useState<Set<NewServiceField>>(new Set());
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const problems = newServiceProblems(values, services);
  const problemOf = (field: NewServiceField) => {
    const problem = tried ? problems.find((p) => p.field === field) : undefined;
    return problem && t(problem.message, problem.values);
  };

  const change = (field: NewServiceField, value: string) => {
    const next = { ...values, [field]: value };
    if (field === 'id') {
      const suggested = suggestedFor(value);
      for (const other of ['collection', 'prefix', 'route', 'adminRoute'] as const) if (!typed.has(other)) next[other] = suggested[other];
    }
    setValues(next);
    setTyped(new Set(typed).add(field));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.length > 0) return;
    setBusy(true);
    setRefusal(null);
    try {
      const { draft } = await studioApi.create(values);
      // The editor takes the draft from the navigation's state; leaving the page closes this dialog.
      navigate(`/services/${values.id}`, { state: { draft } });
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  // Blank first, then every service of the project (a copy of one), then any other template the server offers.
  const choices = [{ value: 'blank', label: t('services.new.blank') }, ...services.map((s) => ({ value: s.id, label: `${s.title} (${s.id})` }))];
  for (const other of templates) if (!choices.some((c) => c.value === other.id)) choices.push({ value: other.id, label: `${other.title} (${other.id})` });

  return (
    <Modal opened onClose={onClose} title={t('services.new.title')} size="lg" closeButtonProps={{ 'aria-label': t('app.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NativeSelect label={t('services.new.template')} data={choices} value={values.template} onChange={(e) => setValues({ ...values, template: e.currentTarget.value })} />
          {FIELDS.map(({ field, label, help }) => (
            <TextInput key={field} label={t(label)} description={t(help)} value={values[field]} onChange={(e) => change(field, e.currentTarget.value)} error={problemOf(field)} required autoComplete="off" spellCheck={false} />
          ))}
          {refusal && (
            <Alert color="red" role="alert" title={t('services.new.refused')}>
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('services.new.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
