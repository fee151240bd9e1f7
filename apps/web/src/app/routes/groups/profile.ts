/** The More tab, the member's own profile, its photo verification and dating preferences. */
export { MoreRoute } from '@/app/routes/app/more';
export { PreferencesRoute } from '@/app/routes/app/preferences';
export { ProfileEditRoute } from '@/app/routes/app/profile-edit';
export { ProfileInterestsRoute } from '@/app/routes/app/profile-interests';
export { ProfilePhotosRoute } from '@/app/routes/app/profile-photos';
export { ProfileRoute } from '@/app/routes/app/profile';
export { VerifyRoute } from '@/app/routes/app/verify';
