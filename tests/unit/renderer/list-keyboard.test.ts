/** The staff list's keyboard (src/features/staff/listKeyboard.ts): j/k and the arrows move, Enter opens, x selects. */
import { describe, expect, it } from 'vitest';
import { keyAction, type KeyContext } from '../../../src/features/staff/listKeyboard.ts';

const at = (active: number, more: Partial<KeyContext> = {}): KeyContext => ({
  active,
  count: 3,
  canSelect: true,
  typing: false,
  onControl: false,
  inList: true,
  modifier: false,
  ...more,
});

describe('the list keyboard', () => {
  it('moves down and up with j/k and the arrows, from no row to the first, stopping at either end', () => {
    expect(keyAction('j', at(-1))).toEqual({ kind: 'move', index: 0 });
    expect(keyAction('ArrowDown', at(0))).toEqual({ kind: 'move', index: 1 });
    expect(keyAction('j', at(2))).toEqual({ kind: 'move', index: 2 });
    expect(keyAction('k', at(2))).toEqual({ kind: 'move', index: 1 });
    expect(keyAction('ArrowUp', at(0))).toEqual({ kind: 'move', index: 0 });
    expect(keyAction('k', at(-1))).toEqual({ kind: 'move', index: 0 });
  });

  it('opens the active row with Enter and toggles its selection with x', () => {
    expect(keyAction('Enter', at(1))).toEqual({ kind: 'open', index: 1 });
    expect(keyAction('x', at(1))).toEqual({ kind: 'toggle', index: 1 });
    expect(keyAction('Enter', at(-1))).toBeNull();
    expect(keyAction('x', at(-1))).toBeNull();
  });

  it('selects nothing for a reader who may not select', () => {
    expect(keyAction('x', at(1, { canSelect: false }))).toBeNull();
    expect(keyAction('j', at(1, { canSelect: false }))).toEqual({ kind: 'move', index: 2 });
  });

  it('leaves typing, shortcuts, a control’s own Enter and the page’s scrolling alone', () => {
    expect(keyAction('j', at(0, { typing: true }))).toBeNull();
    expect(keyAction('x', at(0, { typing: true }))).toBeNull();
    expect(keyAction('j', at(0, { modifier: true }))).toBeNull();
    expect(keyAction('Enter', at(0, { onControl: true }))).toBeNull();
    expect(keyAction('ArrowDown', at(0, { inList: false }))).toBeNull();
    expect(keyAction('j', at(0, { inList: false }))).toEqual({ kind: 'move', index: 1 });
    expect(keyAction('j', at(-1, { count: 0 }))).toBeNull();
    expect(keyAction('a', at(0))).toBeNull();
  });
});
