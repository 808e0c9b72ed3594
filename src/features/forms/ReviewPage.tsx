/**
 * "Check your answers" (design §5, the GOV.UK summary list): every answer of every step, each with a
 * Change link to its step, named for its field ("Change Date of birth") for screen readers, whose link
 * list would otherwise hold a row of identical "Change". The lines come from engine/review.ts.
 *
 * A description list (question, answer, action per row) rather than Mantine's Table, which brings its
 * ScrollArea (~18 KB gzip) onto every form page; the layout is in summaryList.css.
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import type { ReviewLine, ReviewValue } from '../../engine/review.ts';
import type { FormStep } from '../../engine/steps.ts';
import { stepSearch } from './StepView.tsx';
import './summaryList.css';

function Answer({ value }: { value: ReviewValue }) {
  switch (value.kind) {
    case 'empty':
      return (
        <Text span c="dimmed">
          <FormattedMessage id="form.review.empty" />
        </Text>
      );
    case 'text':
      return <>{value.text}</>;
    case 'list':
      return (
        <ol style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
          {value.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
    case 'rows':
      return (
        <Stack gap={4}>
          {value.rows.map((row) => (
            <div key={row.title}>
              <Text fw={600} size="sm">
                {row.title}
              </Text>
              {row.cells.map((cell) => (
                <Text key={cell.label} size="sm">
                  {cell.label}: {cell.text}
                </Text>
              ))}
            </div>
          ))}
        </Stack>
      );
  }
}

export function ReviewPage({ steps, lines }: { steps: FormStep[]; lines: ReviewLine[] }) {
  const intl = useIntl();
  const { search } = useLocation();
  return (
    <Stack gap="md" data-testid="review">
      {steps.map((step, index) => {
        const own = lines.filter((l) => l.step === index);
        if (own.length === 0) return null;
        return (
          <section key={step.id} aria-labelledby={`review-${step.id}`}>
            <Title order={3} size="h4" id={`review-${step.id}`}>
              <FormattedMessage id={step.title} />
            </Title>
            <dl className="formwork-summary">
              {own.map((line) => (
                <div key={line.field} data-review={line.field}>
                  <dt>{line.label}</dt>
                  <dd>
                    <Answer value={line.value} />
                  </dd>
                  <dd>
                    <Anchor component={Link} to={{ search: stepSearch(search, step.id) }} aria-label={intl.formatMessage({ id: 'form.review.changeField' }, { field: line.label })}>
                      <FormattedMessage id="form.review.change" />
                    </Anchor>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
    </Stack>
  );
}
