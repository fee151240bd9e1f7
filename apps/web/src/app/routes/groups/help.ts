/** Help, FAQ, contact and the legal pages. */
export { HelpContactRoute } from '@/app/routes/app/help-contact';
export { HelpFaqRoute } from '@/app/routes/app/help-faq';
export { HelpRoute } from '@/app/routes/app/help';
export { PrivacyPolicyRoute } from '@/app/routes/app/privacy-policy';
export { TermsRoute } from '@/app/routes/app/terms';
