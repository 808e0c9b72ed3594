/**
 * @rjsf/mantine's field template plus a status line under each field: its error, or 'Looks good!' once
 * it has been left valid. The line's height is reserved, so a message appearing on blur never moves
 * the page under the applicant's pointer (a click on Continue would otherwise be lost).
 *
 * Mantine's own error text stays in the DOM as the input's accessible description (aria-describedby)
 * but is not displayed (index.html), so the error is seen once and heard once. Before a submit the line
 * is a polite live region: leaving a field announces its error. After a submit it is quiet, because the
 * summary alert speaks and focus moves to the first invalid field, which reads its own error.
 *
 * RJSF's help line is not rendered here: each widget shows the help as its input's description, which
 * Mantine links to the input (../fieldHint.ts), so it is heard with the field, and seen once.
 */
import { Text } from '@mantine/core';
import MantineFieldTemplate from '@rjsf/mantine/lib/templates/FieldTemplate.js';
import type { FieldTemplateProps } from '@rjsf/utils';
import { FormattedMessage } from 'react-intl';
import { fieldName, type FormContext } from '../../engine/formContext.ts';

const filled = (v: unknown) => v !== undefined && v !== null && v !== '' && v !== false;

export default function FieldTemplate(props: FieldTemplateProps) {
  const { id, rawErrors, formData, registry, hidden } = props;
  const ctx = registry.formContext as FormContext;
  if (id === registry.globalFormOptions.idPrefix || hidden) return <MantineFieldTemplate {...props} />;
  const name = fieldName(id);
  const error = rawErrors?.[0];
  const good = !error && (ctx.touched.has(name) || ctx.submitted) && filled(formData);
  return (
    <div data-field={name}>
      <MantineFieldTemplate {...props} help={undefined} />
      <Text
        component="div"
        size="sm"
        c={error ? 'red.9' : 'teal.9'}
        mih="1.5em"
        mt={2}
        data-status={error ? 'error' : good ? 'good' : 'none'}
        aria-live={ctx.submitted ? 'off' : 'polite'}
      >
        {error ?? (good ? <span aria-hidden><FormattedMessage id="form.looksGood" /></span> : null)}
      </Text>
    </div>
  );
}
