/**
 * A form in steps (form.ui.json "ui:steps", FormModule.steps): which step a field is on, which errors
 * stop a step, where a link to a later step may start, and which content blocks a step shows. Pure, so
 * it is tested without a browser; features/forms/StepView.tsx renders it.
 */
import type { BlockPlacement, FormModule, FormStepModel } from './types.ts';

export type FormStep = FormStepModel;

/** The `?step=` value of the "Check your answers" page (step ids are lower-case words, never this one's role). */
export const REVIEW = 'review';

/** A form module's steps, if it has any. */
export const stepsOf = (form: FormModule): FormStep[] | undefined => (form.steps?.length ? form.steps : undefined);

/** The top-level field an error path is about: "dependents.2.name" → "dependents". */
export const topField = (path: string): string => path.split('.')[0] ?? '';

/** Index of the step holding `path`'s field, or -1. */
export const stepOfField = (steps: FormStep[], path: string): number => steps.findIndex((s) => s.fields.includes(topField(path)));

/** The blocking error paths (form order) that belong to `step`: only these stop its Next. */
export const stepBlocking = (step: FormStep, blocking: string[]): string[] => blocking.filter((p) => step.fields.includes(topField(p)));

/**
 * Where a request for step `wanted` (an index; steps.length = the review page) lands: the first step
 * before it with a blocking error, so a link to a later step (or a reload there) never skips an
 * unanswered question.
 */
export function reachableStep(steps: FormStep[], wanted: number, blocking: string[]): number {
  for (let i = 0; i < Math.min(wanted, steps.length); i++) if (stepBlocking(steps[i] as FormStep, blocking).length) return i;
  return Math.max(0, Math.min(wanted, steps.length));
}

/** The index of `?step=<id>` (review = steps.length); an unknown or missing id is the first step. */
export function stepIndex(steps: FormStep[], param: string | null): number {
  if (param === REVIEW) return steps.length;
  const i = steps.findIndex((s) => s.id === param);
  return i < 0 ? 0 : i;
}

/**
 * The blocks one step shows: `top` on the first step, `bottom` on the last, `before:/after:<field>` with
 * their field. A block aimed at a field no step has (a shorter variant) goes on the last step, before
 * the bottom blocks, as on a form without steps (engine/blocks.ts).
 */
export function stepPlacement(placement: BlockPlacement, steps: FormStep[], index: number): BlockPlacement {
  const step = steps[index];
  if (!step) return {};
  const last = index === steps.length - 1;
  const everyField = new Set(steps.flatMap((s) => s.fields));
  const out: BlockPlacement = {};
  for (const [key, blocks] of Object.entries(placement)) {
    const field = key.replace(/^(before|after):/, '');
    const keep =
      key === 'top' ? index === 0 : key === 'bottom' ? last : field !== key && (step.fields.includes(field) || (last && !everyField.has(field)));
    if (keep) out[key] = blocks;
  }
  return out;
}
