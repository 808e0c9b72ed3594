import type { TemplatesType } from '@rjsf/utils';
import BaseInputTemplate from './BaseInputTemplate.tsx';
import FieldTemplate from './FieldTemplate.tsx';
import ObjectFieldTemplate from './ObjectFieldTemplate.tsx';

/** Our templates over @rjsf/mantine's (src/theme/index.ts merges them). */
export const templates: Partial<TemplatesType> = { BaseInputTemplate, FieldTemplate, ObjectFieldTemplate };
