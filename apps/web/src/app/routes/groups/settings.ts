/** Settings and blocked members. */
export { BlockedUsersRoute } from '@/app/routes/app/blocked-users';
export { SettingsAccountRoute } from '@/app/routes/app/settings-account';
export { SettingsNotificationsRoute } from '@/app/routes/app/settings-notifications';
export { SettingsPrivacyRoute } from '@/app/routes/app/settings-privacy';
export { SettingsRoute } from '@/app/routes/app/settings';
export { StandingRoute } from '@/app/routes/app/account-standing';
