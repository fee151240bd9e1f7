import { LinkMenu } from '@/components/link-menu';

const HELP_LINKS = [
  { label: 'FAQ', hint: 'Answers to the questions members ask most', path: '/app/help/faq', icon: 'pi-question-circle' },
  { label: 'Contact Us', hint: 'Write to our support team', path: '/app/help/contact', icon: 'pi-envelope' },
  { label: 'Privacy Policy', hint: 'What we collect, why, and your choices', path: '/app/privacy-policy', icon: 'pi-shield' },
  { label: 'Terms of Service', hint: 'The rules for using LinkUp', path: '/app/terms', icon: 'pi-file' },
] as const;

/** The Help & Support index: FAQ, contact, and the legal pages. */
export function HelpMenu() {
  return <LinkMenu title="How can we help?" items={HELP_LINKS} />;
}
