/**
 * The studio editor's draft plumbing: the undo history, which problems belong to a control (segment by
 * segment, so a field's problems are not another field's with a longer name), the undo keys, and the
 * problems shown beside a field in the command line's words.
 */
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { ServiceDraft } from '../../../studio/model/document.ts';
import type { Problem } from '../../../studio/server/api.ts';
import { DraftProvider } from '../../../studio/app/draft/DraftContext.tsx';
import { FieldProblems } from '../../../studio/app/draft/FieldProblems.tsx';
import { HISTORY_LIMIT, record, redo, startHistory, undo } from '../../../studio/app/draft/history.ts';
import { pointerWithin, problemsUnder } from '../../../studio/app/draft/problems.ts';
import { undoKeyOf } from '../../../studio/app/editor/useUndoKeys.ts';
import en from '../../../studio/i18n/en.json';

const problem = (file: string, pointer: string, message: string): Problem => ({ file, pointer, message, line: 3, column: 5, text: `schemas/services/demo/${file}:3:5: ${message}` });

describe('the undo history', () => {
  it('undoes and redoes edits in order, and a new edit ends what could be redone', () => {
    let h = startHistory('a');
    h = record(h, 'b');
    h = record(h, 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(undo(h)).toBe(h); // nothing before the start
    h = redo(h);
    expect(h.present).toBe('b');
    h = record(h, 'd');
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
    expect(h.past).toEqual(['a', 'b']);
  });

  it('leaves no step for an edit that changed nothing, and keeps the last HISTORY_LIMIT steps', () => {
    const same = { x: 1 };
    const h = startHistory(same);
    expect(record(h, same)).toBe(h);
    let long = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 5; i++) long = record(long, i);
    expect(long.past).toHaveLength(HISTORY_LIMIT);
    expect(long.past[0]).toBe(5);
  });
});

describe('the problems of a control', () => {
  it('match the pointer itself and what lies under it, segment by segment', () => {
    expect(pointerWithin('/properties/a', '/properties/a')).toBe(true);
    expect(pointerWithin('/properties/a/maxLength', '/properties/a')).toBe(true);
    expect(pointerWithin('/properties/ab', '/properties/a')).toBe(false);
    expect(pointerWithin('/anything', '')).toBe(true);
  });

  it('are those of the same file only', () => {
    const all = [problem('form.schema.json', '/properties/email/format', 'bad format'), problem('form.ui.json', '/properties/email', 'elsewhere'), problem('form.schema.json', '/properties/emailCopy', 'another field')];
    expect(problemsUnder(all, 'form.schema.json', '/properties/email').map((p) => p.message)).toEqual(['bad format']);
    expect(problemsUnder(all, 'form.schema.json', '')).toHaveLength(2);
  });

  it('are shown beside the field as an alert in the command line\'s words, and nothing when there is none', () => {
    const draft = { id: 'demo', files: {} } as unknown as ServiceDraft;
    const problems = [problem('form.schema.json', '/properties/email/maxLength', 'must be >= 0'), problem('form.schema.json', '/properties/name', 'not this one')];
    const render = (pointer: string) =>
      renderToStaticMarkup(
        <IntlProvider locale="en" messages={en}>
          <MantineProvider>
            <DraftProvider draft={draft} saved={draft} problems={problems} check={() => new Promise(() => {})}>
              <FieldProblems file="form.schema.json" pointer={pointer} />
            </DraftProvider>
          </MantineProvider>
        </IntlProvider>,
      );
    const html = render('/properties/email');
    expect(html).toContain('role="alert"');
    expect(html).toContain('schemas/services/demo/form.schema.json:3:5: must be &gt;= 0');
    expect(html).not.toContain('not this one');
    expect(render('/properties/phone')).not.toContain('role="alert"');
  });
});

describe('the undo keys', () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}) => undoKeyOf({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
  it('are Ctrl/⌘+Z to undo and Ctrl+Shift+Z or Ctrl+Y to redo', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('z', { metaKey: true })).toBe('undo');
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
    expect(key('z')).toBeNull();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull();
  });
});
