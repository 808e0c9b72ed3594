/**
 * Who works on an application (its `assignee`, a staff account id; '' = nobody). Everyone sees the name;
 * an admin may take it ("Assign to me"), give it to a colleague or unassign it (POST
 * /api/formwork/assign/{collection}, audited). Viewers get no control (the server refuses them too).
 */
import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pb } from '../../../config/pocketbase.ts';
import type { ServiceEntry } from '../../../engine/types.ts';
import type { StoredRecord } from '../RecordCard.tsx';
import { isAdmin } from '../role.ts';
import { staffName, useStaffDirectory } from './useStaffDirectory.ts';
import { assign, problemMessage } from './workApi.ts';

interface Props {
  service: ServiceEntry;
  record: StoredRecord;
  /** The new assignee's id ('' = unassigned), once the server saved it. */
  onChanged: (assignee: string) => void;
}

export function AssigneeControl({ service, record, onChanged }: Props) {
  const intl = useIntl();
  const staff = useStaffDirectory();
  const admin = isAdmin();
  const me = pb.authStore.record?.id ?? '';
  const current = typeof record.assignee === 'string' ? record.assignee : '';
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The person picked in the list, saved by its button: a select that saved on change would assign the
  // application to everyone an arrow key passes on the way (WCAG 3.2.2).
  const [chosen, setChosen] = useState<string | null>(null);
  const picked = chosen ?? current;

  const nameOf = (id: string) => {
    const name = staffName(staff, id, intl.formatMessage({ id: 'staff.assignee.unknown' }));
    return id === me ? intl.formatMessage({ id: 'staff.assignee.me' }, { name }) : name;
  };

  const change = async (to: string) => {
    if (to === current) return;
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      const { results } = await assign(service.collection, [record.id], to);
      const result = results[0];
      if (!result?.ok) throw new Error(result?.message ?? 'not assigned');
      setDone(to ? intl.formatMessage({ id: 'staff.assignee.saved' }, { name: nameOf(to) }) : intl.formatMessage({ id: 'staff.assignee.cleared' }));
      onChanged(to);
    } catch (err) {
      setProblem(intl.formatMessage({ id: problemMessage(err, 'assignee', {}, 'staff.assignee.failed') }));
    }
    setBusy(false);
  };

  return (
    <Stack gap="xs" data-testid="assignee" data-assignee={current}>
      <Text size="sm">
        <Text span fw={600}>
          <FormattedMessage id="staff.assignee.label" />:
        </Text>{' '}
        {current ? nameOf(current) : <FormattedMessage id="staff.assignee.none" />}
      </Text>
      {admin && (
        <Group gap="xs" align="flex-end">
          <NativeSelect
            size="sm"
            label={intl.formatMessage({ id: 'staff.assignee.choose' })}
            value={picked}
            disabled={busy}
            onChange={(e) => setChosen(e.currentTarget.value)}
            data={[
              { value: '', label: intl.formatMessage({ id: 'staff.assignee.none' }) },
              // The current assignee stays listed even when their account is gone (disabled, removed).
              ...(current && !staff.some((s) => s.id === current) ? [{ value: current, label: nameOf(current) }] : []),
              ...staff.map((s) => ({ value: s.id, label: nameOf(s.id) })),
            ]}
          />
          <Button size="sm" variant="default" loading={busy} disabled={picked === current} onClick={() => void change(picked).then(() => setChosen(null))} data-testid="assign-apply">
            <FormattedMessage id="staff.assignee.apply" />
          </Button>
          {me && current !== me && (
            <Button size="sm" variant="light" loading={busy} onClick={() => void change(me)} data-testid="assign-me">
              <FormattedMessage id="staff.assignee.claim" />
            </Button>
          )}
          {current && (
            <Button size="sm" variant="subtle" disabled={busy} onClick={() => void change('')} data-testid="unassign">
              <FormattedMessage id="staff.assignee.unassign" />
            </Button>
          )}
        </Group>
      )}
      <div role="status">{done && <Text size="sm">{done}</Text>}</div>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
