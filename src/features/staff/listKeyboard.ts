/**
 * The list's keyboard, as a plain function: ArrowDown/j and ArrowUp/k move the active row, Enter opens
 * it, x selects it (for those who may select). Typing in a field is never taken over, a control keeps
 * its own Enter (a link, a checkbox, a button), and the arrows move rows only from within the table (or
 * from nowhere), so elsewhere they still scroll the page.
 */
export interface KeyContext {
  /** The active row's index on the page, -1 for none. */
  active: number;
  /** Rows on the page. */
  count: number;
  canSelect: boolean;
  /** The key went to a text field, a select or an editable element. */
  typing: boolean;
  /** The key went to a control (link, button, checkbox) of its own. */
  onControl: boolean;
  /** The focus is in the table, or on nothing. */
  inList: boolean;
  /** Ctrl, Alt or Meta was held (a browser or system shortcut). */
  modifier: boolean;
}

export type KeyAction = { kind: 'move'; index: number } | { kind: 'open'; index: number } | { kind: 'toggle'; index: number } | null;

export function keyAction(key: string, ctx: KeyContext): KeyAction {
  if (ctx.typing || ctx.modifier || ctx.count === 0) return null;
  const arrow = key === 'ArrowDown' || key === 'ArrowUp';
  if (arrow && !ctx.inList) return null;
  if (key === 'ArrowDown' || key === 'j') return { kind: 'move', index: ctx.active < 0 ? 0 : Math.min(ctx.active + 1, ctx.count - 1) };
  if (key === 'ArrowUp' || key === 'k') return { kind: 'move', index: ctx.active < 0 ? 0 : Math.max(ctx.active - 1, 0) };
  if (ctx.active < 0 || ctx.active >= ctx.count) return null;
  if (key === 'Enter' && !ctx.onControl) return { kind: 'open', index: ctx.active };
  if (key === 'x' && ctx.canSelect) return { kind: 'toggle', index: ctx.active };
  return null;
}

/** What the key went to, read from the event's target. */
export function keyTarget(target: EventTarget | null, list: Element | null): Pick<KeyContext, 'typing' | 'onControl' | 'inList'> {
  const el = target instanceof Element ? target : null;
  const tag = el?.tagName ?? '';
  const input = el instanceof HTMLInputElement ? el.type : '';
  // A dialog or menu open over the list has its own keys.
  const elsewhere = !!el?.closest('[role=dialog], [role=menu], [role=listbox]');
  const typing =
    elsewhere ||
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    (tag === 'INPUT' && input !== 'checkbox' && input !== 'radio') ||
    !!(el as HTMLElement | null)?.isContentEditable;
  const onControl = !!el?.closest('a, button, input, select, textarea, [role=button], [role=menuitem], [role=option]');
  const inList = !el || el === document.body || !!(list && list.contains(el));
  return { typing, onControl, inList };
}
