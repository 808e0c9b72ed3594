/**
 * A form in steps (design §5): the step is in the address (`?step=<id>`, `?step=review`) through
 * react-router, so the browser's Back and Forward go from step to step and a reload stays where it was.
 * The heading says where the applicant is ("Step 2 of 4" and the step's title); it takes the focus on
 * every change of step, which makes a screen reader read it, as the heading of a new page is.
 */
import { Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { REVIEW, type FormStep } from '../../engine/steps.ts';

const STEP_PARAM = 'step';

/** The step the address asks for (its `?step=` value, or null for the first), and a way to go to another. */
export function useStepParam(): { param: string | null; go: (id: string, replace?: boolean) => void } {
  const [params, setParams] = useSearchParams();
  const go = useCallback(
    (id: string, replace = false) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev); // ?lang= and the rest stay
          next.set(STEP_PARAM, id);
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return { param: params.get(STEP_PARAM), go };
}

/** `?step=<id>` of the current address, for a link to a step (the review's Change links). */
export function stepSearch(search: string, id: string): string {
  const next = new URLSearchParams(search);
  next.set(STEP_PARAM, id);
  return `?${next.toString()}`;
}

/**
 * "Step 2 of 4" over the step's title (or "Check your answers"), one heading, focused when the step
 * changes after the first render (never on arrival: the page's own heading is what a new page reads).
 */
export function StepHeading({ steps, index }: { steps: FormStep[]; index: number }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const shown = useRef(index);
  useEffect(() => {
    if (shown.current === index) return;
    shown.current = index;
    // A field that asked for the focus (the first error found on this step) takes it right after (ApplicationForm).
    ref.current?.focus();
  }, [index]);
  const step = steps[index];
  return (
    <Title order={2} size="h3" ref={ref} tabIndex={-1} style={{ outline: 'none' }} data-testid="step-heading" mt="xs">
      {step ? (
        <>
          <Text span display="block" size="sm" c="dimmed" fw={500} data-testid="step-progress">
            <FormattedMessage id="form.steps.progress" values={{ current: index + 1, total: steps.length }} />
          </Text>{' '}
          <FormattedMessage id={step.title} />
        </>
      ) : (
        <FormattedMessage id="form.review.title" />
      )}
    </Title>
  );
}

export { REVIEW };
