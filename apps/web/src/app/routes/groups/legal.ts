/** The public privacy policy and terms: their own chunk, so no sign-in page carries their text. */
export { PublicPrivacyRoute } from '@/app/routes/legal/privacy';
export { PublicTermsRoute } from '@/app/routes/legal/terms';
