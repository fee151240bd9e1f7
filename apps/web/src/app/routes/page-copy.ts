export interface PageCopy {
  /** One friendly sentence about what the page is for. */
  description: string;
  icon: string;
}

const FALLBACK_COPY: PageCopy = { icon: 'pi-heart', description: 'A part of LinkUp made for meeting new people.' };

/** What each page is for (by route name), shown under its title until its own screen takes over. */
export const PAGE_COPY: Readonly<Record<string, PageCopy>> = {
  'auth.login': { icon: 'pi-sign-in', description: 'Sign in to see who is waiting to meet you.' },
  'auth.register': {
    icon: 'pi-user-plus',
    description: 'Create your account with your name, e-mail, mobile number and a password, then set up your profile.',
  },
  'auth.otp': { icon: 'pi-mobile', description: 'Enter the code we sent to your WhatsApp to confirm your mobile number.' },
  'auth.forgot-password': {
    icon: 'pi-key',
    description: 'Tell us the e-mail address or mobile number on your account and we will send you a link to choose a new password.',
  },
  'auth.reset-password': { icon: 'pi-lock', description: 'Choose a new password for your LinkUp account.' },
  'auth.verify-email': {
    icon: 'pi-envelope',
    description: 'Confirm your e-mail address so we can keep your account safe and reach you when it matters.',
  },
  'auth.403': {
    icon: 'pi-ban',
    description: "You don't have permission to open this page. If you think this is a mistake, sign in again or contact support.",
  },
  'onboarding.welcome': {
    icon: 'pi-sparkles',
    description: "Let's set up your profile: add photos, tell others about yourself, pick your interests and say who you would like to meet.",
  },
  'chat.room': { icon: 'pi-comments', description: 'Your one-to-one conversation, in real time.' },
  'app.dashboard': { icon: 'pi-home', description: 'Your daily snapshot: new likes, fresh matches and conversations waiting for you.' },
  'app.discover': { icon: 'pi-compass', description: 'Meet people who fit what you are looking for. Like, pass or send a super like.' },
  'app.matches': { icon: 'pi-heart', description: 'Everyone you have matched with. Say hello and get the conversation going.' },
  'app.likes': { icon: 'pi-heart-fill', description: 'Everyone who has already liked your profile. Like them back to match instantly.' },
  'app.feed': { icon: 'pi-images', description: 'Posts from members looking for someone like you. Like the ones that catch your eye.' },
  'app.feed.create': { icon: 'pi-pencil', description: 'Share a post about yourself and the partner you hope to meet.' },
  'app.feed.edit': { icon: 'pi-pencil', description: 'Update your post so it always says what you are looking for.' },
  'app.feed.post': { icon: 'pi-images', description: 'One post, with what it says and its likes.' },
  'app.notifications': { icon: 'pi-bell', description: 'Likes, views, matches and messages, newest first.' },
  'app.messages': { icon: 'pi-comments', description: 'Your conversations with matches and other members.' },
  'app.messages.chat': { icon: 'pi-comments', description: 'Your one-to-one conversation, in real time.' },
  'app.messages.requests': { icon: 'pi-inbox', description: 'First messages from members you have not matched with, waiting for your answer.' },
  'app.more': { icon: 'pi-bars', description: 'Your profile, premium features, settings and help.' },
  'app.profile': { icon: 'pi-user', description: 'How other members see you: your photos, details and interests.' },
  'app.profile.edit': { icon: 'pi-user-edit', description: 'Update your name, bio and the details that help others get to know you.' },
  'app.profile.photos': { icon: 'pi-images', description: 'Add, reorder or remove the photos on your profile.' },
  'app.profile.interests': { icon: 'pi-star', description: 'Pick the things you love so we can find people who share them.' },
  'app.settings': { icon: 'pi-cog', description: 'Manage your account, privacy and notifications.' },
  'app.settings.account': {
    icon: 'pi-id-card',
    description: 'Change your e-mail, mobile number or password, export your data or delete your account.',
  },
  'app.settings.privacy': { icon: 'pi-shield', description: 'Decide who can see your profile and how you appear in Discover.' },
  'app.settings.notifications': { icon: 'pi-bell', description: 'Choose which likes, matches and messages you hear about, and how.' },
  'app.preferences': { icon: 'pi-sliders-h', description: 'Tell us who you would like to meet: age range, location and what matters to you.' },
  'app.subscription': {
    icon: 'pi-crown',
    description: 'Go Premium for unlimited likes, a look at who likes you and who visited, and profile boosts.',
  },
  'app.subscription.plan': { icon: 'pi-crown', description: 'Review this plan and continue to a secure payment.' },
  'app.subscription.payment-return': { icon: 'pi-credit-card', description: 'Your payment is being confirmed with the payment provider.' },
  'app.payment': { icon: 'pi-credit-card', description: 'Complete your payment securely to activate Premium.' },
  'app.payment-check': { icon: 'pi-credit-card', description: 'The status of your latest payment.' },
  'app.visitors': { icon: 'pi-eye', description: 'See who has viewed your profile recently.' },
  'app.activity': { icon: 'pi-history', description: 'Your recent likes, matches, visits and messages in one place.' },
  'app.match': { icon: 'pi-heart', description: 'Everything about this match: when you matched and what you have in common.' },
  'app.user': { icon: 'pi-user', description: 'Get to know this member: their photos, details and interests.' },
  'app.blocked-users': { icon: 'pi-ban', description: 'Members you have blocked. Unblock someone to let them find you again.' },
  'app.account.standing': { icon: 'pi-shield', description: "Your account's standing: decisions our moderators made, their reasons, and how to appeal." },
  'app.verify': { icon: 'pi-verified', description: 'Take two quick selfies to show you are the person in your photos.' },
  'moderation.queue': { icon: 'pi-inbox', description: 'Reports, held messages and appeals waiting for a moderator.' },
  'moderation.report': { icon: 'pi-flag', description: 'A report with its evidence and the member’s history.' },
  'moderation.member': { icon: 'pi-user', description: 'A member’s standing, reports and decisions.' },
  'moderation.appeals': { icon: 'pi-replay', description: 'Appeals against decisions, for another moderator to decide.' },
  'moderation.verification': { icon: 'pi-verified', description: 'A borderline photo verification: the selfies beside the member’s profile photos.' },
  'moderation.held': { icon: 'pi-pause', description: 'First messages held for review before delivery.' },
  'moderation.audit': { icon: 'pi-list', description: 'Every moderation decision, role change and release, as it happened.' },
  'moderation.stats': { icon: 'pi-chart-bar', description: 'Reports, actions and appeals over a period: the transparency report.' },
  'app.help': { icon: 'pi-question-circle', description: 'Find answers to common questions or get in touch with our team.' },
  'app.help.faq': { icon: 'pi-question-circle', description: 'Answers to the questions members ask most often.' },
  'app.help.contact': { icon: 'pi-envelope', description: 'Send us a message and our support team will get back to you.' },
  'app.privacy-policy': { icon: 'pi-shield', description: 'How LinkUp collects, uses and protects your personal information.' },
  'app.terms': { icon: 'pi-file', description: 'The rules for using LinkUp, in plain language.' },
  'legal.privacy': { icon: 'pi-shield', description: 'How LinkUp collects, uses and protects your personal information.' },
  'legal.terms': { icon: 'pi-file', description: 'The rules for using LinkUp, in plain language.' },
};

export const pageCopy = (name: string): PageCopy => PAGE_COPY[name] ?? FALLBACK_COPY;
