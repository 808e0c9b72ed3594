/**
 * The form's top-level object: its fields in order with the service's content blocks around them
 * (top, before:<field>, after:<field>, bottom — engine/blocks.ts decides where), and the red summary
 * of a failed submit (its line and a link to each field in error) right under the top blocks. In a form with
 * steps only the current step's fields are rendered, in the step's order (formContext.stepFields); the
 * others are not mounted and keep their values in the form's data. A long form on one page groups its
 * fields under section headings (formContext.sections). The only nested objects are a
 * repeating group's rows, whose cells are simply stacked (the row's fieldset is ArrayFieldItemTemplate's).
 */
import { Alert, Stack } from '@mantine/core';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { Fragment, useEffect, useRef } from 'react';
import { Blocks } from '../../components/Blocks.tsx';
import { FormSection } from '../../components/FormSection.tsx';
import { layoutFields } from '../../engine/blocks.ts';
import { sectionGroups } from '../../engine/sections.ts';
import type { SummaryEntry } from '../../engine/errorSummary.ts';
import type { FormContext } from '../../engine/formContext.ts';
import { ErrorLinks } from './ErrorLinks.tsx';

export default function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, registry, fieldPathId } = props;
  const ctx = registry.formContext as FormContext;
  const visible = properties.filter((p) => !p.hidden);
  if (fieldPathId.$id !== registry.globalFormOptions.idPrefix) return <Stack gap={0}>{visible.map((p) => p.content)}</Stack>;
  const content = new Map(visible.map((p) => [p.name, p.content]));
  const names = ctx.stepFields ? ctx.stepFields.filter((f) => content.has(f)) : visible.map((p) => p.name);
  const items = layoutFields(names, ctx.blocks);
  const firstField = items.findIndex((item) => !(item.kind === 'blocks' && item.placement === 'top'));
  // Nothing but top blocks (the review page of a form in steps): the summary comes after them.
  const summaryAt = firstField < 0 ? items.length : firstField;
  const summary = <ErrorSummary message={ctx.summary} entries={ctx.summaryEntries} takesFocus={ctx.summaryTakesFocus} />;
  // A long form on one page: its fields under section headings (engine/sections.ts); the summary stays
  // above the heading of the section it comes before.
  return (
    <Stack gap="xs">
      {sectionGroups(items, ctx.sections).map((group) => {
        const rendered = group.items.map(({ item, index }) => (
          <Fragment key={item.kind === 'field' ? item.name : item.placement}>
            {index === summaryAt && index !== group.start && summary}
            {item.kind === 'field' ? content.get(item.name) : <Blocks blocks={item.blocks} constants={ctx.constants} />}
          </Fragment>
        ));
        return (
          <Fragment key={group.start}>
            {group.start === summaryAt && summary}
            {group.section ? <FormSection section={group.section}>{rendered}</FormSection> : rendered}
          </Fragment>
        );
      })}
      {summaryAt === items.length && summary}
    </Stack>
  );
}

/**
 * role="alert" is announced when it appears, so each failed submit is heard once. A send that failed
 * with no field to blame (`takesFocus`) also puts focus here, rather than leaving it lost on the Continue
 * button the send had disabled; otherwise focus goes to the first invalid field (ApplicationForm.tsx).
 * Under the message, each error of the page links to its field (ErrorLinks.tsx).
 */
function ErrorSummary({ message, entries, takesFocus }: { message: string | null; entries: SummaryEntry[]; takesFocus: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takesFocus) ref.current?.focus();
  }, [takesFocus]);
  if (!message) return null;
  return (
    <Alert ref={ref} tabIndex={-1} color="red" variant="light" data-testid="form-error" my="xs">
      <span data-testid="form-error-message">{message}</span>
      <ErrorLinks entries={entries} />
    </Alert>
  );
}
