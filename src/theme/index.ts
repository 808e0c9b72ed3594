/**
 * The form theme: @rjsf/mantine with our widgets and templates on top (the way RJSF themes compose:
 * Theme = { widgets, templates }). Every service form renders through ThemedForm.
 */
import { withTheme, type ThemeProps } from '@rjsf/core';
import { Theme as MantineTheme } from '@rjsf/mantine';
import { templates } from './templates/index.ts';
import { widgets } from './widgets/index.ts';

export const formTheme: ThemeProps = {
  ...MantineTheme,
  widgets: { ...MantineTheme.widgets, ...widgets },
  templates: { ...MantineTheme.templates, ...templates },
};

export const ThemedForm = withTheme(formTheme);
