/**
 * A long form on one page under section headings (form.ui.json "ui:sections", FormModule.sections):
 * which run of the laid-out fields and blocks goes under which heading. Pure, so it is tested without a
 * browser; the root object template (theme/templates/ObjectFieldTemplate.tsx) renders it.
 */
import type { LayoutItem } from './blocks.ts';
import type { FormSectionModel } from './types.ts';

export interface SectionGroup {
  /** The section these items are under, or null for what comes before the first or after the last (top and bottom blocks). */
  section: FormSectionModel | null;
  /** Index in the whole layout of the group's first item. */
  start: number;
  items: { item: LayoutItem; index: number }[];
}

/** The field a layout item belongs with: a field itself, or the field a before:/after: block is placed at. */
function fieldOf(item: LayoutItem): string | undefined {
  if (item.kind === 'field') return item.name;
  return /^(?:before|after):(.+)$/.exec(item.placement)?.[1];
}

/**
 * The layout in runs of one section each, in order: a block placed at a field goes under that field's
 * heading, top blocks before the first heading and bottom blocks (and blocks at a field this variant does
 * not show) after the last. Without sections, one run of everything.
 */
export function sectionGroups(items: LayoutItem[], sections: readonly FormSectionModel[] | undefined): SectionGroup[] {
  const sectionOf = new Map<string, FormSectionModel>();
  for (const s of sections ?? []) for (const f of s.fields) sectionOf.set(f, s);
  const groups: SectionGroup[] = [];
  items.forEach((item, index) => {
    const field = fieldOf(item);
    const section = (field !== undefined && sectionOf.get(field)) || null;
    const last = groups[groups.length - 1];
    if (last && last.section === section) last.items.push({ item, index });
    else groups.push({ section, start: index, items: [{ item, index }] });
  });
  return groups;
}
