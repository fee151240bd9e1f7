import '@/features/onboarding/onboarding.css';
import type { OnboardingStep } from '@linkup/contract';
import { ProgressBar } from '@/components/progress-bar';

interface OnboardingProgressProps {
  steps: readonly Pick<OnboardingStep, 'key' | 'label' | 'done'>[];
  /** Index of the step on screen. */
  current: number;
}

/** "Step n of 6", a bar, and every step with whether it is done. */
export function OnboardingProgress({ steps, current }: OnboardingProgressProps) {
  const position = `Step ${current + 1} of ${steps.length}`;
  return (
    <div className="onboarding-progress">
      <p className="onboarding-progress-text">{position}</p>
      <ProgressBar
        value={Math.round(((current + 1) / steps.length) * 100)}
        showValue={false}
        aria-label={position}
        className="onboarding-progress-bar"
      />
      <ol className="onboarding-steps" aria-label="Onboarding steps">
        {steps.map((step, index) => {
          const state = index === current ? 'current' : step.done ? 'done' : 'todo';
          return (
            <li key={step.key} className={`onboarding-step is-${state}`} aria-current={index === current ? 'step' : undefined}>
              <span className="onboarding-step-dot" aria-hidden="true">
                {step.done && index !== current ? <i className="pi pi-check" /> : index + 1}
              </span>
              <span className="onboarding-step-label">
                {step.label}
                {step.done && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
