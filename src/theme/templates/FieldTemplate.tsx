/**
 * A field: its widget, and a status line under it with its error, or 'Looks good!' once the applicant
 * entered a valid value and left the field. The line's height is reserved, so a message appearing on blur never moves the page under
 * the applicant's pointer (a click on Continue would otherwise be lost).
 *
 * The widget shows the error as Mantine's error text, which Mantine links to the input (aria-describedby)
 * and which is not displayed (index.html), so the error is seen once and heard once. Before a submit the
 * line is a polite live region: leaving a field announces its error. After a submit it is quiet, because
 * the summary alert speaks and focus moves to the first invalid field, which reads its own error.
 *
 * RJSF's own error list, help line and description (`errors`, `help`, `description`) are not rendered:
 * each widget shows the help as its input's description, which Mantine links to the input
 * (../fieldHint.ts), so it is heard with the field, and seen once.
 */
import { Text } from '@mantine/core';
import type { FieldTemplateProps } from '@rjsf/utils';
import { FormattedMessage } from 'react-intl';
import { fieldName, type FormContext } from '../../engine/formContext.ts';

const filled = (v: unknown) => v !== undefined && v !== null && v !== '' && v !== false;

export default function FieldTemplate(props: FieldTemplateProps) {
  const { id, classNames, style, rawErrors, formData, registry, hidden, children } = props;
  const ctx = registry.formContext as FormContext;
  if (hidden) return <div style={{ display: 'none' }}>{children}</div>;
  const field = (
    <div className={classNames} style={style}>
      {children}
    </div>
  );
  if (id === registry.globalFormOptions.idPrefix) return field;
  const name = fieldName(id);
  const error = rawErrors?.[0];
  // Only for a value the applicant gave (not a default, nor a field passed by Tab), once they left it.
  const good = !error && ctx.entered.has(name) && (ctx.touched.has(name) || ctx.submitted) && filled(formData);
  return (
    <div data-field={name}>
      {field}
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
