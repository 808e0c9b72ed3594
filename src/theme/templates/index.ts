import type { TemplatesType } from '@rjsf/utils';
import ArrayFieldTemplate, { ArrayFieldItemTemplate } from './ArrayFieldTemplate.tsx';
import BaseInputTemplate from './BaseInputTemplate.tsx';
import FieldTemplate from './FieldTemplate.tsx';
import ObjectFieldTemplate from './ObjectFieldTemplate.tsx';

/** Our templates over RJSF core's (src/theme/index.ts). */
export const templates: Partial<TemplatesType> = { ArrayFieldTemplate, ArrayFieldItemTemplate, BaseInputTemplate, FieldTemplate, ObjectFieldTemplate };
