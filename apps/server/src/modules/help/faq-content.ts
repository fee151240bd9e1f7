import { INTERESTS_MAX, PHOTOS_MAX, type FaqCategory } from '@linkup/contract';

/**
 * The questions members ask most, written for LinkUp and served by GET /help/faq. Kept on the
 * server so support can change them without a new app release.
 */
export const FAQ: readonly FaqCategory[] = [
  {
    id: 'account',
    title: 'Account and signing in',
    entries: [
      {
        id: 'sign-in-options',
        question: 'How can I sign in to LinkUp?',
        answer:
          'You can sign in with your e-mail address or mobile number and your password, or without a password: choose "Sign in with WhatsApp", enter your mobile number and type the 6-digit code we send you on WhatsApp. Codes expire after a few minutes and can be used once.',
      },
      {
        id: 'no-code',
        question: "I didn't receive my WhatsApp code. What can I do?",
        answer:
          'Check that the number includes the right country code and that WhatsApp is installed and connected on that phone. You can ask for a new code after a short wait. For your safety we limit how many codes a number can receive per hour and per day; if you reach the limit, try again later or sign in with your password.',
      },
      {
        id: 'forgot-password',
        question: 'I forgot my password. How do I reset it?',
        answer:
          'On the sign-in page choose "Forgot password?" and enter your e-mail address or mobile number. We send a reset link by e-mail or WhatsApp; it works once and expires after an hour. Choosing a new password signs you out on every device.',
      },
      {
        id: 'change-contact',
        question: 'How do I change my e-mail address, mobile number or password?',
        answer:
          'Go to Settings → Account. Changing your e-mail needs your current password, and we send a verification link to the new address. Changing your mobile number needs a code we send to the new number on WhatsApp. Changing your password needs your current password and signs out your other devices.',
      },
      {
        id: 'verify-email',
        question: 'Why should I verify my e-mail address?',
        answer:
          'A verified address lets us reach you about your account and helps you recover it if you lose access to your phone. If the link expired, open Settings → Account or the banner in the app to send a new one.',
      },
    ],
  },
  {
    id: 'profile',
    title: 'Profile and photos',
    entries: [
      {
        id: 'photos',
        question: 'How many photos can I add, and which formats work?',
        answer: `You can add up to ${PHOTOS_MAX} photos in JPEG, PNG, WebP or HEIC (iPhone) format. Drag them to change the order and choose which one is your main photo. We remove hidden information such as the GPS position and camera details from every photo before anyone sees it.`,
      },
      {
        id: 'interests',
        question: 'What are interests for?',
        answer: `Pick up to ${INTERESTS_MAX} interests under Profile → Interests. Shared interests are shown on profiles and help us suggest people you are likely to get along with.`,
      },
      {
        id: 'age-and-name',
        question: 'Can I change my date of birth?',
        answer:
          'Yes, under Profile → Edit Profile, together with your name and other details. Your date of birth is used to show your age (you can hide it under Settings → Privacy) and to match age preferences. LinkUp is for adults: you must be 18 or older.',
      },
    ],
  },
  {
    id: 'matching',
    title: 'Discover and matching',
    entries: [
      {
        id: 'how-matching-works',
        question: 'How does matching work?',
        answer:
          'In Discover you see members who fit your dating preferences and whose preferences you fit too. Like someone or pass on them. When two people like each other it is a match, and a chat opens for you both.',
      },
      {
        id: 'super-like',
        question: 'What is a super like?',
        answer:
          'A super like tells someone you are especially interested, and they are told about it. If they like you back, it is a match. Free members get one super like a day; Premium members get more.',
      },
      {
        id: 'no-one-in-discover',
        question: "Why don't I see anyone in Discover?",
        answer:
          'Your dating preferences may be narrow: try a wider age range, a longer distance, or mark fewer preferences as dealbreakers under Dating Preferences. People you have already liked or passed on, and people you blocked, are not shown again.',
      },
      {
        id: 'distance',
        question: 'How is distance calculated?',
        answer:
          'We only know your city and a coarse area of a few kilometres, never your exact position. Distances are therefore shown in ranges such as "less than 10 km" rather than exact figures.',
      },
    ],
  },
  {
    id: 'safety',
    title: 'Safety',
    entries: [
      {
        id: 'block',
        question: 'What happens when I block someone?',
        answer:
          'They disappear from your Discover, likes, visitors, feed and search, and you disappear from theirs. Your conversation with them is closed and neither of you can message the other. They are not told that you blocked them. You can unblock people under Settings → Blocked Users.',
      },
      {
        id: 'report',
        question: 'How do I report a member?',
        answer:
          'Open their profile, choose Report and pick a reason: fake profile, inappropriate photos, harassment, scam or spam, underage, or something else with a few words of detail. Our team reviews every report. You can also block the person at the same time.',
      },
      {
        id: 'meeting-safely',
        question: 'Any tips for meeting someone in person?',
        answer:
          'Chat on LinkUp until you feel comfortable, meet in a busy public place, tell a friend where you are going, arrange your own transport and never send money to someone you have not met. If anything feels wrong, leave and report the profile.',
      },
    ],
  },
  {
    id: 'premium',
    title: 'Premium and payments',
    entries: [
      {
        id: 'premium-features',
        question: 'What do I get with Premium?',
        answer:
          'Premium gives you unlimited likes, more super likes every day, a list of people who already like you, the members who visited your profile, the option to undo your last swipe, and profile boosts that show you to more people for a while.',
      },
      {
        id: 'cancel',
        question: 'How do I cancel my subscription?',
        answer:
          'Open More → Premium to see your plan and when it renews or ends. After cancelling you keep Premium until the end of the period you already paid for. Deleting your account does not by itself cancel a subscription billed by an app store; cancel it there too.',
      },
      {
        id: 'refunds',
        question: 'Can I get a refund?',
        answer:
          'Payments are generally not refundable for periods already started, except where the law says otherwise. If you were charged by mistake, contact us through Help → Contact Us with the date of the payment and we will look into it.',
      },
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy and your data',
    entries: [
      {
        id: 'who-sees-what',
        question: 'Who can see my phone number and e-mail address?',
        answer:
          'Nobody else. Other members see your name, photos, age, city, a distance range, your about text, interests and the dating details you filled in. You can hide your age, your distance and when you are online under Settings → Privacy.',
      },
      {
        id: 'hide-profile',
        question: 'Can I take a break without deleting my account?',
        answer:
          'Yes. Switch on "Hide me from Discover" under Settings → Privacy. New people will not find you, while your matches and conversations stay. You can also choose to receive messages from your matches only.',
      },
      {
        id: 'export',
        question: 'How do I get a copy of my data?',
        answer:
          'Go to Settings → Account and choose "Download my data". You receive a JSON file with your account, profile, photos, preferences, settings, likes, matches, messages, sessions and the other records we keep about you.',
      },
      {
        id: 'delete-account',
        question: 'How do I delete my account?',
        answer:
          'Go to Settings → Account and choose "Delete my account", then confirm with your password. Your profile, photos, matches, conversations, messages and sessions are deleted straight away and cannot be restored. Your conversations disappear for the people you talked to as well.',
      },
      {
        id: 'notifications',
        question: 'How do I choose which notifications I get?',
        answer:
          'Under Settings → Notifications you can switch push and in-app notifications on or off separately for profile views, likes, super likes, matches and messages.',
      },
    ],
  },
];
