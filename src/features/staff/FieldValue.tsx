/**
 * One field of a staff card (a row of the card's <dl>): its label, its value shown the way the card
 * says (admin.ui.json "display"), and a copy button that confirms with a tooltip and a status message.
 */
import { Anchor, Button, CopyButton, Image, Stack } from '@mantine/core';
import { memo, Suspense, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { CheckIcon, CopyIcon } from '../../components/icons.tsx';
import type { AdminField } from '../../engine/types.ts';
import { lazyScreen } from '../../app/lazyScreen.ts';
import { telHref } from '../../engine/links.ts';
import { formatUsd } from '../../engine/numberFormat.ts';
import type { CopiedTooltipProps } from './CopiedTooltip.tsx';
import { formatDay, isoDay } from '../../engine/dates.ts';
import { labelOf } from './cardValues.ts';
import { ddRow, dimmed, group, row, term } from './cardStyles.ts';
import { maskLast4, tail } from './display.ts';
import { SubtleActionIcon } from './SubtleActionIcon.tsx';

interface Props {
  field: AdminField;
  value: string;
  fileUrl?: string;
  /** A masked value an admin may see in clear: asks the server (which writes the audit log). */
  reveal?: () => Promise<string>;
  /** Show an uploaded image inline (lists); the trash, whose files may be purged any moment, only links. */
  preview?: boolean;
}

/** Browsers show these inline; other uploads (PDF, Word, HEIC) stay a link. */
const PREVIEWABLE = /\.(png|jpe?g|gif|webp)$/i;

/**
 * Memoised: a list re-renders its cards when their e-mail status or a new file token arrives, and a
 * field whose props are the same (most of a card's dozen) need not render again.
 */
export const FieldValue = memo(function FieldValue({ field, value: stored, fileUrl, reveal, preview = true }: Props) {
  const intl = useIntl();
  const [revealed, setRevealed] = useState<string | null>(null);
  const [revealing, setRevealing] = useState(false);
  const value = revealed ?? stored;
  const label = labelOf(field, intl.messages, (id) => intl.formatMessage({ id }));
  const empty = !value;
  // A choice is shown in the reader's language; a value no option text covers (an older option) as stored.
  const optionKey = field.options && `${field.options}.${value}`;
  const shown = optionKey && optionKey in intl.messages ? intl.formatMessage({ id: optionKey }) : value;
  const copied = intl.formatMessage({ id: 'admin.copied' });
  return (
    <div data-field={field.name} style={row}>
      <dt style={term}>{label}</dt>
      {/* The copy button sits inside the <dd>: a <dl> group may hold only <dt> and <dd>. */}
      <dd style={ddRow}>
        <span style={{ wordBreak: 'break-all' }}>
          {empty ? (
            <span style={dimmed}>{intl.formatMessage({ id: 'admin.empty.value' })}</span>
          ) : revealed !== null ? (
            <span data-revealed="true">{revealed}</span>
          ) : (
            <span style={group}>
              {shownValue(field, shown, preview ? fileUrl : undefined, intl.formatMessage({ id: 'admin.openFile' }, { name: value }), intl, fileUrl)}
              {reveal && field.display === 'masked' && (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  loading={revealing}
                  onClick={() => {
                    setRevealing(true);
                    reveal()
                      .then(setRevealed, () => undefined) // the card reports the failure
                      .finally(() => setRevealing(false));
                  }}
                  aria-label={intl.formatMessage({ id: 'staff.reveal.label' }, { field: label })}
                >
                  <FormattedMessage id="staff.reveal" />
                </Button>
              )}
            </span>
          )}
        </span>
        <span>
          {field.copy && !empty && (field.display !== 'masked' || revealed !== null) && (
            <CopyValue value={field.display === 'date' ? isoDay(value) : value} copied={copied} label={intl.formatMessage({ id: 'admin.copy' }, { field: label })} />
          )}
        </span>
      </dd>
    </div>
  );
});

const CopiedTooltip = lazyScreen<CopiedTooltipProps>(() => import('./CopiedTooltip.tsx')).Screen;

/**
 * The copy button of a field, with a "copied" tooltip (seen) and status message (heard); the icon turns
 * into a tick as well. The tooltip is mounted only once the pointer or focus reaches the button, before
 * any click: a list has dozens of copy buttons, and each mounted Tooltip costs its floating-ui hooks and
 * a portal node in <body> (~15 % of rendering a page of cards). Its code is fetched then too, not with
 * the list (CopiedTooltip.tsx). It points at the button (`target`), so the button itself never
 * remounts (and keeps focus); it is mounted closed (when its code has come before the click, as it
 * usually has after a hover or focus), so the first "copied" fades in as every later one.
 */
export function CopyValue({ value, copied, label }: { value: string; copied: string; label: string }) {
  const button = useRef<HTMLButtonElement>(null);
  const [armed, setArmed] = useState(false);
  const arm = () => setArmed(true);
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied: done, copy }) => (
        <>
          <SubtleActionIcon
            ref={button}
            onPointerEnter={arm}
            onFocus={arm}
            onClick={() => {
              arm();
              copy();
            }}
            aria-label={label}
          >
            {done ? <CheckIcon /> : <CopyIcon />}
          </SubtleActionIcon>
          {(armed || done) && (
            <Suspense fallback={null}>
              <CopiedTooltip target={button} label={copied} opened={done} />
            </Suspense>
          )}
          {/* The tooltip is visual; screen readers hear the same confirmation here. */}
          <span role="status" className="sr-only">
            {done ? copied : ''}
          </span>
        </>
      )}
    </CopyButton>
  );
}

function shownValue(field: AdminField, value: string, previewUrl: string | undefined, openLabel: string, intl: IntlShape, fileUrl = previewUrl): ReactNode {
  const locale = intl.locale;
  switch (field.display) {
    case 'email':
      return <Anchor href={`mailto:${value}`}>{value}</Anchor>;
    case 'phone':
      return <Anchor href={telHref(value)}>{value}</Anchor>;
    case 'masked':
      return maskLast4(value);
    case 'usd':
      return formatUsd(value, locale, true);
    case 'file':
      if (!fileUrl) return tail(value, field.tail);
      return (
        <Stack gap={4} component="span">
          <Anchor href={fileUrl} target="_blank" rel="noopener noreferrer" aria-label={openLabel}>
            {tail(value, field.tail)}
          </Anchor>
          {previewUrl && PREVIEWABLE.test(value) && <Image src={previewUrl} alt="" h={120} w="auto" fit="contain" radius="sm" loading="lazy" data-testid="file-preview" />}
        </Stack>
      );
    case 'date':
      return formatDay(value, intl);
    // A table and a list of files have rows of their own (GroupValue, FilesValue); here only as text.
    case 'group':
    case 'files':
    case 'text':
      return tail(value, field.tail);
  }
}
