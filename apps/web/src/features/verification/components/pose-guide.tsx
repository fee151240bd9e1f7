import { VERIFICATION_POSE_LABELS, type VerificationPose } from '@linkup/contract';

/**
 * The pose to make, shown twice: a small face acting it out (decorative, held still for members who
 * ask for reduced motion) and its words, which screen readers hear as the step changes.
 */
export function PoseGuide({ pose, step, steps }: { pose: VerificationPose; step: number; steps: number }) {
  return (
    <div className="pose-guide">
      <svg className={`pose-face pose-face--${pose}`} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <ellipse className="pose-face-head" cx="32" cy="33" rx="20" ry="24" />
        <g className="pose-face-features">
          <circle cx="25" cy="29" r="2.6" />
          <circle cx="39" cy="29" r="2.6" />
          <path className="pose-face-mouth pose-face-mouth--rest" d="M25 44 H39" />
          <path className="pose-face-mouth pose-face-mouth--smile" d="M24 42 Q32 50 40 42" />
          <ellipse className="pose-face-mouth pose-face-mouth--open" cx="32" cy="45" rx="4.5" ry="5" />
        </g>
      </svg>
      <p className="pose-guide-text" aria-live="polite">
        <span className="pose-guide-step">Pose {step} of {steps}</span>
        <strong>{VERIFICATION_POSE_LABELS[pose]}</strong>
      </p>
    </div>
  );
}
