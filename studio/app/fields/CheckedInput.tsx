/**
 * A text input whose value the draft holds only once it makes sense (a whole number, a date limit): what
 * the editor is typing stays in the input, with the reason it is not taken yet, and never reaches the
 * schema half-written. When the draft changes under it (undo, another control), the input follows.
 */
import { TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

interface CheckedInputProps<T> {
  label: string;
  description?: ReactNode;
  /** The value in the draft. */
  value: T;
  /** How the value reads in the input. */
  format(value: T): string;
  parse(text: string): Parsed<T>;
  onCommit(value: T): void;
  inputMode?: 'numeric' | 'decimal' | 'text';
  placeholder?: string;
}

export function CheckedInput<T>({ label, description, value, format, parse, onCommit, inputMode, placeholder }: CheckedInputProps<T>) {
  const [text, setText] = useState(() => format(value));
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(value);
  // The draft moved on without this input (undo, a model edit elsewhere): show what it holds now.
  if (!Object.is(shown, value)) {
    setShown(value);
    setText(format(value));
    setError(null);
  }
  return (
    <TextInput
      label={label}
      description={description}
      value={text}
      inputMode={inputMode}
      placeholder={placeholder}
      error={error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const parsed = parse(next);
        if (parsed.ok) {
          setError(null);
          setShown(parsed.value);
          if (!Object.is(parsed.value, value)) onCommit(parsed.value);
        } else {
          setError(parsed.error);
        }
      }}
    />
  );
}

/** A whole number ≥ 0, or nothing (the limit is removed). */
export const wholeNumber =
  (error: string) =>
  (text: string): Parsed<number | null> => {
    const trimmed = text.trim();
    if (trimmed === '') return { ok: true, value: null };
    return /^[0-9]{1,9}$/.test(trimmed) ? { ok: true, value: Number(trimmed) } : { ok: false, error };
  };

/** A size in megabytes (10, 0.5), or nothing. */
export const megabytes =
  (error: string) =>
  (text: string): Parsed<number | null> => {
    const trimmed = text.trim().replace(',', '.');
    if (trimmed === '') return { ok: true, value: null };
    return /^[0-9]{1,6}(\.[0-9]{1,3})?$/.test(trimmed) && Number(trimmed) > 0 ? { ok: true, value: Number(trimmed) } : { ok: false, error };
  };

/** Bytes as the megabytes an input shows (10485760 → 10). */
export const bytesToMegabytes = (bytes: unknown): number | null => (typeof bytes === 'number' ? Math.round((bytes / 1024 / 1024) * 1000) / 1000 : null);

export const formatNumber = (value: number | null): string => (value === null ? '' : String(value));
