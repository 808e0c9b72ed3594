/**
 * A staff list's table (mantine-datatable): the columns of admin.ui.json, sorted and paged on the
 * server through the list's URL, each reference a link to the application's page. The keyboard moves an
 * active row (ArrowUp/ArrowDown, j/k), opens it (Enter) and, for admins, selects it (x): listKeyboard.ts.
 */
import { Anchor, Badge, Group, NativeSelect, Text, UnstyledButton } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import type { RecordModel } from 'pocketbase';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '../../app/Link.tsx';
import type { ServiceEntry } from '../../engine/types.ts';
import { fieldText, submittedText, type ListColumn } from './listColumns.ts';
import { keyAction, keyTarget } from './listKeyboard.ts';
import { PER_PAGE, sortParts, type ListQuery } from './listQuery.ts';
import { statusOf, type ListWorkflow } from './listWorkflow.ts';
import type { StaffMember } from './work/workApi.ts';
import './staffTable.css';

interface Props {
  service: ServiceEntry;
  columns: ListColumn[];
  records: RecordModel[];
  total: number;
  query: ListQuery;
  onQuery: (query: ListQuery) => void;
  fetching: boolean;
  workflow: ListWorkflow;
  staff: readonly StaffMember[];
  /** The address of a record's page (the list's query carried along, for previous/next there). */
  pageOf: (id: string) => string;
  onOpen: (id: string) => void;
  /** Admins select rows; viewers get no checkboxes. */
  selection?: { selected: RecordModel[]; onChange: (records: RecordModel[]) => void };
  /** The table's name (the list's). */
  label: string;
}

/** The header of a sortable column: a button that sorts by it, ascending first (the submission time newest first), then the other way. */
function SortHeader({ column, query, onQuery }: { column: ListColumn & { sort: string }; query: ListQuery; onQuery: (q: ListQuery) => void }) {
  const intl = useIntl();
  const current = sortParts(query.sort);
  const sorted = current.field === column.sort ? (current.desc ? 'desc' : 'asc') : null;
  const next = sorted === 'asc' ? `-${column.sort}` : sorted === 'desc' ? column.sort : column.kind === 'created' ? `-${column.sort}` : column.sort;
  return (
    <UnstyledButton className="staff-sort" onClick={() => onQuery({ ...query, sort: next, page: 1 })} data-sorted={sorted ?? undefined}>
      {intl.formatMessage({ id: column.label })}
      <span aria-hidden="true" className="staff-sort-mark">
        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
      </span>
      {sorted && <span className="sr-only">, {intl.formatMessage({ id: `staff.table.sorted.${sorted}` })}</span>}
    </UnstyledButton>
  );
}

export function StaffTable({ service, columns, records, total, query, onQuery, fetching, workflow, staff, pageOf, onOpen, selection, label }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  // The active row of these records: another page, order or filter has none active yet.
  const [activeIn, setActiveIn] = useState<{ records: RecordModel[]; index: number }>({ records, index: -1 });
  const active = activeIn.records === records ? activeIn.index : -1;
  const setActive = (index: number) => setActiveIn({ records, index });
  const body = useRef<HTMLTableSectionElement>(null);
  /** The active row was moved by the keyboard: it takes the focus (and scrolls into view). */
  const moved = useRef(false);
  const names = new Map(staff.map((s) => [s.id, s.name || s.email]));

  useEffect(() => {
    if (!moved.current || active < 0) return;
    moved.current = false;
    const row = body.current?.querySelectorAll<HTMLTableRowElement>('tr[data-record-id]')[active];
    row?.focus({ preventScroll: true });
    row?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  // The keys as of now, read by one listener for the whole screen (j/k work wherever nobody types).
  const state = useRef({ active, records, selection, onOpen, setActive });
  useEffect(() => {
    state.current = { active, records, selection, onOpen, setActive };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { active, records, selection, onOpen, setActive } = state.current;
      const action = keyAction(event.key, {
        active,
        count: records.length,
        canSelect: !!selection,
        modifier: event.ctrlKey || event.metaKey || event.altKey,
        ...keyTarget(event.target, body.current?.closest('table') ?? null),
      });
      if (!action) return;
      event.preventDefault();
      const record = records[action.index];
      if (!record) return;
      if (action.kind === 'move') {
        moved.current = true;
        setActive(action.index);
      } else if (action.kind === 'open') onOpen(record.id);
      else if (selection) {
        const on = selection.selected.some((r) => r.id === record.id);
        selection.onChange(on ? selection.selected.filter((r) => r.id !== record.id) : [...selection.selected, record]);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const referenceOf = (record: RecordModel) => String(record.reference || record.id);
  const cell = (column: ListColumn, record: RecordModel) => {
    switch (column.kind) {
      case 'reference':
        return (
          <Anchor component={Link} to={pageOf(record.id)} ff="monospace" fw={700}>
            {referenceOf(record)}
          </Anchor>
        );
      case 'name':
        return (column.fields ?? [])
          .map((f) => String(record[f] ?? ''))
          .filter(Boolean)
          .join(' ');
      case 'created':
        return typeof record.created === 'string' && record.created ? (
          <time dateTime={record.created.replace(' ', 'T')}>{submittedText(record.created, intl)}</time>
        ) : (
          ''
        );
      case 'status': {
        const status = statusOf(workflow, record.status);
        return (
          <Badge color={workflow.colors[status] ?? 'gray.7'} variant="outline" data-status={status}>
            {t(`status.${status}`)}
          </Badge>
        );
      }
      case 'assignee': {
        const id = typeof record.assignee === 'string' ? record.assignee : '';
        if (!id)
          return (
            <Text span size="sm" c="dimmed">
              {t('staff.table.unassigned')}
            </Text>
          );
        return names.get(id) ?? id;
      }
      case 'paid': {
        const paid = record.paymentStatus === 'paid';
        return (
          <Badge color={paid ? 'teal.9' : 'gray.7'} variant="outline" data-status={paid ? 'paid' : 'unpaid'}>
            {t(paid ? 'admin.payment.paid' : 'admin.payment.unpaid')}
          </Badge>
        );
      }
      case 'variant': {
        const form = service.forms.find((f) => f.id === record.variant);
        return form ? t(form.title) : String(record.variant ?? '');
      }
      case 'field':
        return column.field ? fieldText(column.field, record[column.field.name], intl) : '';
    }
  };

  const tableColumns: DataTableColumn<RecordModel>[] = columns.map((column) => ({
    accessor: column.name,
    title: column.sort ? <SortHeader column={column as ListColumn & { sort: string }} query={query} onQuery={onQuery} /> : t(column.label),
    noWrap: column.kind === 'reference' || column.kind === 'created',
    render: (record) => cell(column, record),
  }));

  const selectionProps = selection && {
    selectedRecords: selection.selected,
    onSelectedRecordsChange: selection.onChange,
    getRecordSelectionCheckboxProps: (record: RecordModel) => ({ 'aria-label': t('staff.table.select', { reference: referenceOf(record) }) }),
    allRecordsSelectionCheckboxProps: { 'aria-label': t('staff.table.selectAll') },
  };

  return (
    <DataTable<RecordModel>
      className="staff-table"
      data-testid="staff-table"
      aria-label={label}
      withTableBorder
      borderRadius="sm"
      highlightOnHover
      minHeight={records.length === 0 ? 160 : undefined}
      idAccessor="id"
      records={records}
      columns={tableColumns}
      fetching={fetching}
      loaderType="dots"
      noRecordsText={t(query.q || query.from || query.to || query.status || query.assignee ? 'staff.filters.none' : 'admin.empty')}
      bodyRef={(element) => {
        body.current = element;
      }}
      onRowClick={({ index }) => setActive(index)}
      customRowAttributes={(record, index) => ({
        'data-record-id': record.id,
        'aria-selected': index === active,
        // One row in the Tab order (the active one, else the first): the keyboard enters the table there.
        tabIndex: index === (active < 0 ? 0 : active) ? 0 : -1,
      })}
      page={query.page}
      onPageChange={(page) => onQuery({ ...query, page })}
      totalRecords={total}
      recordsPerPage={query.per}
      getPaginationControlProps={(control) => ({
        'aria-label': t(control === 'previous' ? 'admin.previous' : control === 'next' ? 'admin.next' : `staff.table.${control}`),
      })}
      getPaginationItemProps={(page) => ({ 'aria-label': t('staff.table.page', { page }) })}
      renderPagination={({ state, Controls }) => (
        <Group justify="space-between" w="100%" gap="sm" wrap="wrap">
          <Text size="sm">{t('staff.table.range', { from: state.from ?? 0, to: state.to ?? 0, total: state.totalRecords ?? 0 })}</Text>
          <Group gap="sm" wrap="wrap">
            <NativeSelect
              size="xs"
              label={t('staff.table.perPage')}
              value={String(query.per)}
              onChange={(e) => onQuery({ ...query, per: Number(e.currentTarget.value), page: 1 })}
              data={PER_PAGE.map(String)}
              styles={{ root: { display: 'flex', alignItems: 'center', gap: 'var(--mantine-spacing-xs)' } }}
            />
            <Controls.Pagination />
          </Group>
        </Group>
      )}
      {...selectionProps}
    />
  );
}
