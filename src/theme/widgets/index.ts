import type { RegistryWidgetsType } from '@rjsf/utils';
import CheckboxWidget from './CheckboxWidget.tsx';
import FileWidget from './FileWidget.tsx';
import SelectWidget from './SelectWidget.tsx';
import SsnWidget from './SsnWidget.tsx';
import TextareaWidget from './TextareaWidget.tsx';

/** Our widgets over RJSF core's; engine/widgets.ts decides which field gets which. */
export const widgets: RegistryWidgetsType = { CheckboxWidget, FileWidget, SelectWidget, SsnWidget, TextareaWidget };
