/**
 * Several lines of text: @rjsf/mantine's textarea, with the field's hint as Mantine's description, which
 * Mantine links to the textarea (../fieldHint.ts); the template passes the description option through.
 */
import MantineTextareaWidget from '@rjsf/mantine/lib/widgets/TextareaWidget.js';
import type { WidgetProps } from '@rjsf/utils';
import { fieldHint } from '../fieldHint.ts';

export default function TextareaWidget(props: WidgetProps) {
  const description = props.hideLabel ? undefined : fieldHint(props.options, props.schema);
  return <MantineTextareaWidget {...props} options={{ ...props.options, description }} />;
}
