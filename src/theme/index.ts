/**
 * The form theme: @rjsf/mantine's templates and the widgets our forms use (engine/widgets.ts names
 * them), with ours on top (Theme = { widgets, templates }, the way RJSF themes compose). Imported one
 * by one rather than as @rjsf/mantine's whole Theme: that one also carries date, time, colour and
 * range widgets, and with them @mantine/dates and dayjs (~15 KB gzip) that no form of ours renders.
 * Text, e-mail, date, URL and hidden inputs are RJSF core's widgets (vendor/formRegistry.ts), which
 * render through our BaseInputTemplate.
 */
import { withTheme, type ThemeProps } from '@rjsf/core';
import DescriptionField from '@rjsf/mantine/lib/templates/DescriptionField.js';
import ErrorList from '@rjsf/mantine/lib/templates/ErrorList.js';
import FieldErrorTemplate from '@rjsf/mantine/lib/templates/FieldErrorTemplate.js';
import FieldHelpTemplate from '@rjsf/mantine/lib/templates/FieldHelpTemplate.js';
import TitleField from '@rjsf/mantine/lib/templates/TitleField.js';
import WrapIfAdditionalTemplate from '@rjsf/mantine/lib/templates/WrapIfAdditionalTemplate.js';
import ButtonTemplates from '@rjsf/mantine/lib/templates/ButtonTemplates/index.js';
import { templates } from './templates/index.ts';
import { widgets } from './widgets/index.ts';

export const formTheme: ThemeProps = {
  widgets, // ours: Checkbox and Textarea over @rjsf/mantine's, File, Select, Ssn
  // The @rjsf/mantine templates a flat form of scalar fields renders with (see vendor/formRegistry.ts),
  // but its BaseInputTemplate (ours replaces it, see templates/BaseInputTemplate.tsx).
  templates: {
    ButtonTemplates: ButtonTemplates(),
    DescriptionFieldTemplate: DescriptionField,
    ErrorListTemplate: ErrorList,
    FieldErrorTemplate,
    FieldHelpTemplate,
    TitleFieldTemplate: TitleField,
    WrapIfAdditionalTemplate,
    ...templates,
  },
};

export const ThemedForm = withTheme(formTheme);
