import type { TemplatesType } from '@rjsf/utils';
import BaseInputTemplate from './BaseInputTemplate.tsx';
import FieldTemplate from './FieldTemplate.tsx';
import ObjectFieldTemplate from './ObjectFieldTemplate.tsx';

/** Our templates over RJSF core's (src/theme/index.ts). */
export const templates: Partial<TemplatesType> = { BaseInputTemplate, FieldTemplate, ObjectFieldTemplate };
