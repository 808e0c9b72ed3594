/**
 * The form theme: our templates and widgets on Mantine (Theme = { widgets, templates }, the way RJSF
 * themes compose), over RJSF core's default registry. A form is a flat object of scalar fields
 * (schemas/meta/property.meta.json), so the templates it renders with are ours (field, object, input);
 * text, e-mail, date, URL and hidden inputs are core's widgets, which render through our
 * BaseInputTemplate. @rjsf/mantine is not used: a form would need only its field wrapper and textarea,
 * and its package root brings every widget it has, with @mantine/dates and dayjs.
 */
import { withTheme, type ThemeProps } from '@rjsf/core';
import { templates } from './templates/index.ts';
import { widgets } from './widgets/index.ts';

export const formTheme: ThemeProps = { widgets, templates };

export const ThemedForm = withTheme(formTheme);
