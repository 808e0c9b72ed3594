/**
 * Upload rules the browser checks before anything is sent (the server checks the same traits again,
 * by content): accepted MIME types and the size limit of a field (traits.file, from x-file).
 */
import type { FieldFile } from './types.ts';

/** What a chosen file breaks: its type or size (fileProblem), or more than one file given at once (a drop). */
export type FileRule = 'fileType' | 'fileSize' | 'fileCount';

/** The rule a chosen file breaks, or null. "image/*" style entries accept the whole family. */
export function fileProblem(file: { type: string; size: number }, spec: FieldFile): Exclude<FileRule, 'fileCount'> | null {
  const typeOk = spec.accept.some((a) => (a.endsWith('/*') ? file.type.startsWith(a.slice(0, -1)) : file.type === a));
  if (!typeOk) return 'fileType';
  if (file.size > spec.maxSize) return 'fileSize';
  return null;
}

const SHORT_NAMES: Record<string, string> = {
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
};

/** "JPEG, PNG, PDF": what an applicant recognises, not MIME types. */
export function acceptedTypesLabel(accept: string[]): string {
  const names = accept.map((a) => SHORT_NAMES[a] ?? (a.split('/')[1] ?? a).toUpperCase());
  return [...new Set(names)].join(', ');
}

/**
 * The attribute naming, on a file field's hidden `<input type=file>`, the id of the button that opens it
 * (FileWidget): how a file dropped on the field is put into it (features/forms/fileDrop.ts).
 */
export const PICKER_OF = 'data-picker-of';

/** The hidden `<input type=file>` inside `root` that the picker button with id `pickerId` opens, if any. */
export function pickerInput(root: ParentNode, pickerId: string): HTMLInputElement | null {
  return root.querySelector<HTMLInputElement>(`input[type=file][${PICKER_OF}="${CSS.escape(pickerId)}"]`);
}

/** The attribute naming, on a file field's wrapper (label, button, texts), the id of its picker: where a file may be dropped (features/forms/fileDrop.ts). */
export const DROP_ZONE_OF = 'data-file-drop';
