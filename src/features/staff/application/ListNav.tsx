/**
 * The way back to the list the application was opened from, and to the applications before and after it
 * there (same filter, same sort: listContext.ts). Every link keeps the list's query, so "Back to the
 * list" lands on the same view and the neighbours of the next application are still in it.
 */
import { Anchor, Group } from '@mantine/core';
import type { RecordModel } from 'pocketbase';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../../app/Link.tsx';
import type { ServiceEntry } from '../../../engine/types.ts';
import { listSearch, neighbours, type Neighbours } from './listContext.ts';

interface Props {
  service: ServiceEntry;
  record: RecordModel;
  onError: (err: unknown) => void;
}

export function ListNav({ service, record, onError }: Props) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const search = listSearch(params);
  const [around, setAround] = useState<Neighbours & { of: string }>({ of: '', prev: null, next: null });
  useEffect(() => {
    let live = true;
    neighbours(service, new URLSearchParams(search), record).then(
      (found) => live && setAround({ of: record.id, ...found }),
      (err: unknown) => live && onError(err),
    );
    return () => {
      live = false;
    };
  }, [service, search, record, onError]);
  const shown = around.of === record.id ? around : { prev: null, next: null };
  const to = (id: string) => `${service.admin.route}/${encodeURIComponent(id)}${search}`;
  return (
    <Group component="nav" aria-label={intl.formatMessage({ id: 'staff.application.nav' })} justify="space-between" gap="sm" className="print-hide">
      <Anchor component={Link} to={`${service.admin.route}${search}`} size="sm" data-testid="back-to-list">
        <FormattedMessage id="staff.application.back" />
      </Anchor>
      <Group gap="md">
        {shown.prev ? (
          <Anchor component={Link} to={to(shown.prev)} rel="prev" size="sm">
            <FormattedMessage id="staff.application.prev" />
          </Anchor>
        ) : null}
        {shown.next ? (
          <Anchor component={Link} to={to(shown.next)} rel="next" size="sm">
            <FormattedMessage id="staff.application.next" />
          </Anchor>
        ) : null}
      </Group>
    </Group>
  );
}
