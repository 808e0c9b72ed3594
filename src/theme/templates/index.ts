import type { TemplatesType } from '@rjsf/utils';
import FieldTemplate from './FieldTemplate.tsx';

/** Our templates over @rjsf/mantine's. */
export const templates: Partial<TemplatesType> = { FieldTemplate };
