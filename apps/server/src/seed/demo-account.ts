/**
 * The account anyone can sign in with on a seeded server (README, end-to-end tests). Its
 * profile is complete, so sign-in lands on the dashboard, not onboarding.
 */
export const DEMO_ACCOUNT = {
  name: 'Alex Demo',
  email: 'demo@linkup.app',
  mobile: '+27820000001',
  password: 'LinkUp-demo-1',
} as const;

/** Domain of the seeded members' e-mail addresses (`thandi.nkosi.17@demo.linkup.app`). */
export const DEMO_EMAIL_DOMAIN = 'demo.linkup.app';
