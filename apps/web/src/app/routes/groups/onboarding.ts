/** Onboarding after registration. */
export { OnboardingWelcomeRoute } from '@/app/routes/onboarding/welcome';
