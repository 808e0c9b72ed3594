/**
 * Server answers → the same rule names the browser uses, so one set of translated messages covers
 * both. Our hooks answer with AJV keywords; PocketBase's own checks answer with its validation codes.
 */
export interface ServerFieldError {
  code: string;
  message: string;
}

const POCKETBASE_CODES: Record<string, string> = {
  validation_required: 'required',
  validation_missing_required_value: 'required',
  validation_invalid_mime_type: 'fileType',
  validation_file_size_limit: 'fileSize',
  validation_max_text_constraint: 'maxLength',
  validation_min_text_constraint: 'minLength',
  validation_invalid_email: 'format',
  validation_invalid_value: 'enum',
  validation_values_mismatch: 'const',
};

const OUR_KEYWORDS = new Set(['required', 'minLength', 'maxLength', 'pattern', 'format', 'enum', 'const', 'type', 'additionalProperties', 'fileType', 'fileSize']);

export function keywordOf(code: string): string {
  if (OUR_KEYWORDS.has(code)) return code;
  return POCKETBASE_CODES[code] ?? 'invalid';
}

/** The field errors in a PocketBase 400 body ({ message, data: { field: { code, message } } }). */
export function fieldErrorsOf(body: unknown): Record<string, string> {
  const data = (body as { data?: Record<string, ServerFieldError> } | null)?.data ?? {};
  const out: Record<string, string> = {};
  for (const [field, error] of Object.entries(data)) {
    if (error && typeof error === 'object' && typeof error.code === 'string') out[field] = keywordOf(error.code);
  }
  return out;
}
