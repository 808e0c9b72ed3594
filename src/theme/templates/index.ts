import type { TemplatesType } from '@rjsf/utils';
import FieldTemplate from './FieldTemplate.tsx';
import ObjectFieldTemplate from './ObjectFieldTemplate.tsx';

/** Our templates over @rjsf/mantine's (src/theme/index.ts merges them). */
export const templates: Partial<TemplatesType> = { FieldTemplate, ObjectFieldTemplate };
