/**
 * The error summary's list: one link per field in error, "Label: what to do", in form order. A link
 * moves the focus to its field (a mouse click, Enter, or a screen reader's link list alike) and scrolls
 * the field's label into view with it, as GOV.UK's error summary does; the field then reads its own
 * error. A real `href` keeps it a link for assistive technology and when scripts fail.
 */
import { Anchor, List } from '@mantine/core';
import type { MouseEvent } from 'react';
import type { SummaryEntry } from '../../engine/errorSummary.ts';

const FOCUSABLE = 'input:not([type=hidden]):not([tabindex="-1"]), select, textarea, button, [tabindex]:not([tabindex="-1"])';

/** The control a target id names, or the first one inside it (a group's fieldset, a wrapper). */
export function controlFor(id: string): HTMLElement | null {
  const el = document.getElementById(id);
  if (!el) return null;
  return el.matches(FOCUSABLE) ? el : el.querySelector<HTMLElement>(FOCUSABLE);
}

function moveTo(event: MouseEvent<HTMLAnchorElement>, target: string): void {
  const control = controlFor(target);
  if (!control) return; // the browser follows the fragment
  event.preventDefault();
  // The field's whole block (label above the input) in view, then the focus without a second jump.
  (control.closest<HTMLElement>('[data-field]') ?? control).scrollIntoView({ block: 'center' });
  control.focus({ preventScroll: true });
}

export function ErrorLinks({ entries }: { entries: SummaryEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <List size="sm" mt="xs" spacing={4} data-testid="form-error-links">
      {entries.map((e) => (
        <List.Item key={e.target}>
          <Anchor href={`#${e.target}`} c="red.9" underline="always" size="sm" onClick={(event) => moveTo(event, e.target)}>
            {e.label ? `${e.label}: ${e.message}` : e.message}
          </Anchor>
        </List.Item>
      ))}
    </List>
  );
}
