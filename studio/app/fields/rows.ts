/**
 * The rows a field list shows, from the model's field list: each field's English label and the short
 * facts beside its name (required, shared definition, condition, step), and how many of the generator's
 * problems concern it, and whether it can move up or down among its siblings.
 */
import type { IntlShape } from 'react-intl';
import type { FieldItem } from '../../model/fieldList.ts';
import type { FieldRow } from './FieldList.tsx';
import { movable } from './moves.ts';

export function rowsOf(items: readonly FieldItem[], intl: IntlShape, problemCount: (ref: string) => number): FieldRow[] {
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return items.map((item) => {
    const badges: string[] = [];
    if (item.required) badges.push(t('fields.badge.required'));
    if (item.shared) badges.push(t('fields.kind.shared', { name: item.shared }));
    if (item.condition) badges.push(t('fields.badge.condition', { when: item.condition.when, equals: String(item.condition.equals) }));
    if (item.step) badges.push(t('fields.badge.step', { step: item.step }));
    return { key: item.ref, label: item.label || t(item.shared ? 'fields.list.sharedLabel' : 'fields.list.noLabel'), badges, problems: problemCount(item.ref), ...movable(items, item) };
  });
}
