import type { RegistryWidgetsType } from '@rjsf/utils';
import FileWidget from './FileWidget.tsx';
import SelectWidget from './SelectWidget.tsx';
import SsnWidget from './SsnWidget.tsx';

/** Our widgets beside @rjsf/mantine's; engine/widgets.ts decides which field gets which. */
export const widgets: RegistryWidgetsType = { FileWidget, SelectWidget, SsnWidget };
