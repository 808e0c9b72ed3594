/**
 * The form theme: @rjsf/mantine's templates and the widgets our forms use (engine/widgets.ts names
 * them), with ours on top (Theme = { widgets, templates }, the way RJSF themes compose). Imported one
 * by one rather than as @rjsf/mantine's whole Theme: that one also carries date, time, colour and
 * range widgets, and with them @mantine/dates and dayjs (~15 KB gzip) that no form of ours renders.
 * A field whose widget is not here falls back to RJSF core's own (unstyled, but working).
 */
import { withTheme, type ThemeProps } from '@rjsf/core';
import ArrayFieldItemTemplate from '@rjsf/mantine/lib/templates/ArrayFieldItemTemplate.js';
import ArrayFieldTemplate from '@rjsf/mantine/lib/templates/ArrayFieldTemplate.js';
import ArrayFieldTitleTemplate from '@rjsf/mantine/lib/templates/ArrayFieldTitleTemplate.js';
import CyclicSchemaExpandTemplate from '@rjsf/mantine/lib/templates/CyclicSchemaExpandTemplate.js';
import DescriptionField from '@rjsf/mantine/lib/templates/DescriptionField.js';
import ErrorList from '@rjsf/mantine/lib/templates/ErrorList.js';
import FieldErrorTemplate from '@rjsf/mantine/lib/templates/FieldErrorTemplate.js';
import FieldHelpTemplate from '@rjsf/mantine/lib/templates/FieldHelpTemplate.js';
import GridTemplate from '@rjsf/mantine/lib/templates/GridTemplate.js';
import MultiSchemaFieldTemplate from '@rjsf/mantine/lib/templates/MultiSchemaFieldTemplate.js';
import OptionalDataControlsTemplate from '@rjsf/mantine/lib/templates/OptionalDataControlsTemplate.js';
import TitleField from '@rjsf/mantine/lib/templates/TitleField.js';
import WrapIfAdditionalTemplate from '@rjsf/mantine/lib/templates/WrapIfAdditionalTemplate.js';
import ButtonTemplates from '@rjsf/mantine/lib/templates/ButtonTemplates/index.js';
import CheckboxWidget from '@rjsf/mantine/lib/widgets/CheckboxWidget.js';
import CheckboxesWidget from '@rjsf/mantine/lib/widgets/CheckboxesWidget.js';
import RadioWidget from '@rjsf/mantine/lib/widgets/RadioWidget.js';
import TextareaWidget from '@rjsf/mantine/lib/widgets/TextareaWidget.js';
import { templates } from './templates/index.ts';
import { widgets } from './widgets/index.ts';

export const formTheme: ThemeProps = {
  widgets: { CheckboxWidget, CheckboxesWidget, RadioWidget, TextareaWidget, ...widgets }, // ours: File, Select, Ssn
  // Every @rjsf/mantine template but its BaseInputTemplate (ours replaces it, see templates/BaseInputTemplate.tsx).
  templates: {
    ArrayFieldItemTemplate,
    ArrayFieldTemplate,
    ArrayFieldTitleTemplate,
    ButtonTemplates: ButtonTemplates(),
    CyclicSchemaExpandTemplate,
    DescriptionFieldTemplate: DescriptionField,
    ErrorListTemplate: ErrorList,
    FieldErrorTemplate,
    FieldHelpTemplate,
    GridTemplate,
    MultiSchemaFieldTemplate,
    OptionalDataControlsTemplate,
    TitleFieldTemplate: TitleField,
    WrapIfAdditionalTemplate,
    ...templates,
  },
};

export const ThemedForm = withTheme(formTheme);
