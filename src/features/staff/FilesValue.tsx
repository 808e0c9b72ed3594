/**
 * A field of several files on a staff card: its files in the order the applicant gave them, a numbered
 * list of links through the staff file token (useFileToken.ts), each link named with its position
 * ("Open file 2 of 3: w2_b.pdf"). Without a link (no token yet, a file the trash no longer holds) the
 * name is shown as text.
 */
import { Anchor } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { AdminField } from '../../engine/types.ts';
import { dimmed, row, small, term } from './cardStyles.ts';
import { fileNames, labelOf } from './cardValues.ts';
import { tail } from './display.ts';

interface Props {
  field: AdminField;
  /** The stored names (a multi-file column: a list). */
  value: unknown;
  /** A file's link, or '' / undefined where it cannot be opened. */
  fileUrl: (name: string) => string | undefined;
}

const list = { ...small, margin: 0, paddingInlineStart: '1.5rem', display: 'grid', gap: 2 } as const;

export function FilesValue({ field, value, fileUrl }: Props) {
  const intl = useIntl();
  const names = fileNames(value);
  return (
    <div data-field={field.name} data-files={names.length} style={row}>
      <dt style={term}>{labelOf(field, intl.messages, (id) => intl.formatMessage({ id }))}</dt>
      <dd style={small}>
        {names.length === 0 ? (
          <span style={dimmed}>{intl.formatMessage({ id: 'admin.empty.value' })}</span>
        ) : (
          <ol style={list}>
            {names.map((name, i) => {
              const url = fileUrl(name);
              const shown = tail(name, field.tail);
              return (
                <li key={name} data-file={name} style={{ wordBreak: 'break-all' }}>
                  {url ? (
                    <Anchor href={url} target="_blank" rel="noopener noreferrer" aria-label={intl.formatMessage({ id: 'staff.files.open' }, { position: i + 1, count: names.length, name })}>
                      {shown}
                    </Anchor>
                  ) : (
                    shown
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </dd>
    </div>
  );
}
