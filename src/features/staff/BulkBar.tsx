/**
 * What an admin does with the rows selected on a staff list: change their status (to one the service's
 * workflow allows; the server refuses, per record, a move the record's own status does not), assign them,
 * move them to the trash, or export them. The page shows each action's outcome per record.
 */
import { Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StaffMember } from './work/workApi.ts';

export type BulkAction = { kind: 'status'; status: string } | { kind: 'assign'; assignee: string } | { kind: 'trash' } | { kind: 'export' };

interface Props {
  count: number;
  statuses: readonly string[];
  staff: readonly StaffMember[];
  me: string;
  busy: boolean;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}

export function BulkBar({ count, statuses, staff, me, busy, onAction, onClear }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const [status, setStatus] = useState(statuses[0] ?? '');
  const [assignee, setAssignee] = useState(me);
  const others = staff.filter((s) => s.id !== me).map((s) => ({ value: s.id, label: s.name || s.email }));
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('staff.bulk.label')} data-testid="bulk-actions">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Text fw={700} role="status">
          {t('staff.bulk.selected', { count })}
        </Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NativeSelect
            size="sm"
            label={t('staff.bulk.status')}
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value)}
            data={statuses.map((s) => ({ value: s, label: intl.formatMessage({ id: `status.${s}` }) }))}
          />
          <Button size="sm" variant="default" disabled={busy || !status} onClick={() => onAction({ kind: 'status', status })}>
            <FormattedMessage id="staff.bulk.status.apply" />
          </Button>
        </Group>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NativeSelect
            size="sm"
            label={t('staff.bulk.assign')}
            value={assignee}
            onChange={(e) => setAssignee(e.currentTarget.value)}
            data={[...(me ? [{ value: me, label: t('staff.bulk.assign.me') }] : []), ...others, { value: '', label: t('staff.bulk.assign.nobody') }]}
          />
          <Button size="sm" variant="default" disabled={busy} onClick={() => onAction({ kind: 'assign', assignee })}>
            <FormattedMessage id="staff.bulk.assign.apply" />
          </Button>
        </Group>
        <Button size="sm" variant="default" disabled={busy} onClick={() => onAction({ kind: 'export' })}>
          <FormattedMessage id="staff.bulk.export" />
        </Button>
        <Button size="sm" color="red.8" disabled={busy} onClick={() => onAction({ kind: 'trash' })}>
          <FormattedMessage id="staff.bulk.trash" />
        </Button>
        <Button size="sm" variant="subtle" disabled={busy} onClick={onClear}>
          <FormattedMessage id="staff.bulk.clear" />
        </Button>
      </Group>
    </Paper>
  );
}
