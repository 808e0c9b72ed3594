/**
 * The filter bar of a staff list: search text, submitted from/to (native date inputs: keyboard and
 * screen-reader friendly, no date-picker bundle), status and order. Applied on submit, kept in the URL.
 */
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { registry } from '../../generated/registry.ts';
import { filtersKey, followAddress } from './filterDraft.ts';
import type { ListQuery } from './listQuery.ts';

interface Props {
  query: ListQuery;
  onChange: (query: ListQuery) => void;
}

export function ListFilters({ query, onChange }: Props) {
  const intl = useIntl();
  const [draft, setDraft] = useState(query);
  // The applied filters changed (cleared, or the address edited): the bar shows them. Paging alone, and
  // the bar's own apply arriving in the address, keep what is typed and not yet applied (filterDraft.ts).
  const { q, from, to, status, sort } = query;
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const next = followAddress({ q, from, to, status, sort }, pending.current);
    pending.current = next.pending;
    if (next.follow) setDraft((d) => ({ ...d, q, from, to, status, sort }));
  }, [q, from, to, status, sort]);
  const t = (id: string) => intl.formatMessage({ id });
  const set = (patch: Partial<ListQuery>) => setDraft((d) => ({ ...d, ...patch }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    // An apply that changes nothing changes no address: nothing to wait for.
    const applied = filtersKey(draft);
    if (applied !== filtersKey(query)) pending.current = [...pending.current, applied];
    onChange({ ...draft, page: 1 });
  };
  const filtered = !!(query.q || query.from || query.to || query.status || query.sort);
  return (
    <form role="search" aria-label={t('staff.filters.label')} onSubmit={apply}>
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
          data={[{ value: '', label: t('staff.filters.anyStatus') }, ...registry.statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          name="status"
        />
        <NativeSelect
          label={t('staff.filters.order')}
          value={draft.sort}
          onChange={(e) => set({ sort: e.currentTarget.value as ListQuery['sort'] })}
          data={[
            { value: '', label: t('staff.filters.order.default') },
            { value: 'newest', label: t('staff.filters.order.newest') },
            { value: 'oldest', label: t('staff.filters.order.oldest') },
          ]}
          name="sort"
        />
        <Button type="submit">
          <FormattedMessage id="staff.filters.apply" />
        </Button>
        {filtered && (
          <Button variant="subtle" onClick={() => onChange({ q: '', from: '', to: '', status: '', sort: '', page: 1 })}>
            <FormattedMessage id="staff.filters.clear" />
          </Button>
        )}
      </Group>
    </form>
  );
}
