/**
 * The filter bar of a staff list: search text, submitted from/to (native date inputs: keyboard and
 * screen-reader friendly, no date-picker bundle), status (the service's own) and assignee (all, mine,
 * unassigned or one staff member). Applied on submit, kept in the URL; the order is the table's headers'.
 */
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { filtersKey, followAddress, type Filters } from './filterDraft.ts';
import { isFiltered, type ListQuery } from './listQuery.ts';

interface Props {
  query: ListQuery;
  onChange: (query: ListQuery) => void;
  statuses: readonly string[];
  /** Staff members one may filter by (the directory), by id. */
  staff: readonly { id: string; name: string; email: string }[];
}

const NONE: Filters = { q: '', from: '', to: '', status: '', assignee: '' };

export function ListFilters({ query, onChange, statuses, staff }: Props) {
  const intl = useIntl();
  const { q, from, to, status, assignee } = query;
  const [draft, setDraft] = useState<Filters>({ q, from, to, status, assignee });
  // The applied filters changed (cleared, or the address edited): the bar shows them. Paging alone, and
  // the bar's own apply arriving in the address, keep what is typed and not yet applied (filterDraft.ts).
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const next = followAddress({ q, from, to, status, assignee }, pending.current);
    pending.current = next.pending;
    if (next.follow) setDraft({ q, from, to, status, assignee });
  }, [q, from, to, status, assignee]);
  const t = (id: string) => intl.formatMessage({ id });
  const set = (patch: Partial<Filters>) => setDraft((d) => ({ ...d, ...patch }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    // An apply that changes nothing changes no address: nothing to wait for.
    const applied = filtersKey(draft);
    if (applied !== filtersKey(query)) pending.current = [...pending.current, applied];
    onChange({ ...query, ...draft, page: 1 });
  };
  const people = staff.map((s) => ({ value: s.id, label: s.name || s.email }));
  // A bookmarked view of someone no longer listed still says whose it is, by their id.
  if (draft.assignee && draft.assignee !== 'mine' && draft.assignee !== 'unassigned' && !people.some((p) => p.value === draft.assignee))
    people.push({ value: draft.assignee, label: draft.assignee });
  return (
    <form role="search" aria-label={t('staff.filters.label')} onSubmit={apply} data-testid="list-filters">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={t('staff.filters.search')}
          value={draft.q}
          maxLength={100}
          onChange={(e) => set({ q: e.currentTarget.value })}
          style={{ flex: '1 1 12rem' }}
          name="q"
        />
        <TextInput type="date" label={t('staff.filters.from')} value={draft.from} onChange={(e) => set({ from: e.currentTarget.value })} name="from" />
        <TextInput
          type="date"
          label={t('staff.filters.to')}
          value={draft.to}
          min={draft.from || undefined}
          onChange={(e) => set({ to: e.currentTarget.value })}
          name="to"
        />
        <NativeSelect
          label={t('staff.status.label')}
          value={draft.status}
          onChange={(e) => set({ status: e.currentTarget.value })}
          data={[{ value: '', label: t('staff.filters.anyStatus') }, ...statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          name="status"
        />
        <NativeSelect
          label={t('staff.filters.assignee')}
          value={draft.assignee}
          onChange={(e) => set({ assignee: e.currentTarget.value })}
          data={[
            { value: '', label: t('staff.filters.assignee.all') },
            { value: 'mine', label: t('staff.filters.assignee.mine') },
            { value: 'unassigned', label: t('staff.filters.assignee.unassigned') },
            ...people,
          ]}
          name="assignee"
        />
        <Button type="submit">
          <FormattedMessage id="staff.filters.apply" />
        </Button>
        {isFiltered(query) && (
          <Button variant="subtle" onClick={() => onChange({ ...query, ...NONE, page: 1 })}>
            <FormattedMessage id="staff.filters.clear" />
          </Button>
        )}
      </Group>
    </form>
  );
}
