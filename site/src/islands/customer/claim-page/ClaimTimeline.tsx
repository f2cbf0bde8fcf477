import type { ClaimTimeline as Timeline } from '@projections/claims/claim-timeline';
import { LocalDate, ReaderZone } from '../../time/LocalDate';

interface Step {
  readonly key: string;
  readonly label: string;
  readonly at: string | null;
}

/**
 * Where a claim stands (issue 28 "Where am I"): submitted, in review, decision, each with the
 * day it was reached in the page's language; the step the claim is at is the current one.
 * Rendered on the server only: it has no behaviour.
 */
export function ClaimTimeline({
  timeline,
  lang,
  t,
  timeZone,
}: {
  timeline: Timeline;
  lang: string;
  t: (key: string) => string;
  /** The reader's zone as the server knew it; the page's script redoes the dates in the browser's. */
  timeZone: string;
}) {
  const steps: readonly Step[] = [
    { key: 'submitted', label: t('claimPage.timeline.submitted'), at: timeline.submittedAt },
    { key: 'inReview', label: t('claimPage.timeline.inReview'), at: timeline.inReviewAt },
    {
      key: 'decision',
      label: timeline.decision
        ? t(`claimPage.timeline.decision.${timeline.decision}`)
        : t('claimPage.timeline.decision'),
      at: timeline.decidedAt,
    },
  ];
  const current = steps.findLastIndex((step) => step.at !== null);
  return (
    <ReaderZone zone={timeZone}>
      <section className="claim-timeline" aria-labelledby="claim-timeline-title">
        <h2 id="claim-timeline-title">{t('claimPage.timeline.title')}</h2>
        <ol className="claim-timeline__steps">
          {steps.map((step, index) => (
            <li
              key={step.key}
              className={`claim-timeline__step claim-timeline__step--${step.at ? 'done' : 'todo'}`}
              aria-current={index === current ? 'step' : undefined}
            >
              <span className="claim-timeline__label">{step.label}</span>{' '}
              <span className="claim-timeline__date">
                {step.at ? (
                  <LocalDate iso={step.at} lang={lang} enhance />
                ) : (
                  t('claimPage.timeline.notYet')
                )}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </ReaderZone>
  );
}
