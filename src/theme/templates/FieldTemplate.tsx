/**
 * @rjsf/mantine's field template plus what our forms add around a field: content blocks placed
 * before/after it, and a status line that reads 'Looks good!' once the field is right or shows its
 * error. The line's height is reserved, so a message appearing on blur never moves the page under
 * the applicant's pointer (a click on Continue would otherwise be lost). Mantine's own error text
 * stays in the DOM for aria-describedby but is hidden visually (index.html).
 */
import { Text } from '@mantine/core';
import { Templates } from '@rjsf/mantine';
import type { FieldTemplateProps } from '@rjsf/utils';
import { FormattedMessage } from 'react-intl';
import { fieldName, type FormContext } from '../../engine/formContext.ts';
import { Blocks } from './Blocks.tsx';

const MantineFieldTemplate = Templates.FieldTemplate as (props: FieldTemplateProps) => React.ReactElement;
const filled = (v: unknown) => v !== undefined && v !== null && v !== '' && v !== false;

export default function FieldTemplate(props: FieldTemplateProps) {
  const { id, rawErrors, formData, registry, hidden } = props;
  if (id === 'root' || hidden) return <MantineFieldTemplate {...props} />;
  const ctx = registry.formContext as FormContext;
  const name = fieldName(id);
  const shown = ctx.touched.has(name) || ctx.submitted;
  const error = rawErrors?.[0];
  const good = shown && !error && filled(formData);
  return (
    <div data-field={name}>
      <Blocks blocks={ctx.blocks.before(name)} constants={ctx.constants} />
      <MantineFieldTemplate {...props} />
      <Text size="sm" c={error ? 'red.8' : 'teal.8'} mih="1.5em" mt={2} aria-hidden data-status={error ? 'error' : good ? 'good' : 'none'}>
        {error ?? (good ? <FormattedMessage id="form.looksGood" /> : null)}
      </Text>
      <Blocks blocks={ctx.blocks.after(name)} constants={ctx.constants} />
    </div>
  );
}
