import { Link } from 'react-router';
import { LegalDocument, type LegalPlace } from '@/features/help/components/legal/legal-document';

/** The privacy policy, written for LinkUp: what we collect, why, how long, and your choices. */
export function PrivacyPolicy({ place }: { place?: LegalPlace }) {
  return (
    <LegalDocument place={place}>
      <p>
        LinkUp is a dating app for adults. Meeting new people means sharing something about yourself, so we want you to know
        exactly what we keep, why we keep it, who can see it and how to take it back. This policy applies to the LinkUp web app
        and the LinkUp apps for Android and iOS.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your name, e-mail address, mobile number, date of birth and gender, and your password —
          which we store only as a one-way hash that nobody, including us, can read back.
        </li>
        <li>
          <strong>Your profile:</strong> your photos, your about text, your interests and the dating details you choose to add,
          such as the relationship you are looking for, marital status, body type, height, drinking habits, love language, job and
          education.
        </li>
        <li>
          <strong>Your location, coarsely:</strong> your city and province, and an area of a few kilometres around it. If you share
          your device position, we turn it into the nearest city and that coarse area straight away and do not keep the exact
          coordinates.
        </li>
        <li><strong>Your dating preferences and settings:</strong> who you would like to meet, your privacy choices and notification switches.</li>
        <li>
          <strong>What you do on LinkUp:</strong> likes, passes and super likes, matches, profile visits, the members you block and
          the reports you make, and the messages you send and receive.
        </li>
        <li>
          <strong>Sign-in and device information:</strong> when and from which browser or device you signed in, the IP address
          used, security events such as failed sign-ins and codes sent, and the push notification token of each device.
        </li>
        <li><strong>Messages to our support team</strong>, with the e-mail address we should reply to.</li>
        <li>
          <strong>Payments:</strong> which plan you bought and when it starts and ends. Card details are handled by our payment
          provider and never reach LinkUp.
        </li>
      </ul>
      <p>
        Every photo is re-encoded when you upload it, which removes hidden information such as the GPS position, the camera model
        and the date it was taken.
      </p>

      <h2>Why we use it</h2>
      <ul>
        <li>To run LinkUp: show your profile, suggest people who fit your preferences (and whose preferences you fit), create matches and deliver messages.</li>
        <li>To keep members safe: prevent fake accounts, spam and scams, limit abuse, and review reports.</li>
        <li>To protect your account: confirm your mobile number and e-mail address, send sign-in codes by WhatsApp and reset links, and let you sign out other devices.</li>
        <li>To send the notifications you switched on, and to answer you when you contact us.</li>
        <li>To meet legal obligations, for example tax records of payments.</li>
      </ul>
      <p>We do not sell your personal information, and we do not use your messages for advertising.</p>

      <h2>What other members see</h2>
      <p>
        Other members see your name, photos, age, city, a distance range (such as “less than 10 km”), your about text, interests,
        the dating details you filled in and when you were last active. Under <Link to="/app/settings/privacy" className="text-link">Privacy Settings</Link>{' '}
        you can hide your age, your distance and your online status, hide yourself from Discover, and allow messages from your
        matches only. Your e-mail address, mobile number, date of birth and exact location are never shown to anyone.
      </p>

      <h2>Who we share it with</h2>
      <p>
        Only with service providers who help us run LinkUp and may use the data solely for that: hosting, WhatsApp (for sign-in
        codes), e-mail delivery, push notifications and payment processing. The mobile apps may show advertising through an
        advertising provider, which can use your device’s advertising identifier under its own policy; we never give it your
        profile, messages or contact details. We disclose information to authorities only when the law requires it or to protect
        someone from serious harm.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Your account, profile, photos, preferences, matches and messages: for as long as your account exists.</li>
        <li>One-time sign-in codes expire within minutes; sign-in security events are removed after about a day.</li>
        <li>Each sign-in lasts at most 30 days, or until you sign out.</li>
        <li>
          When you delete your account we delete all of the above straight away, including your photos, conversations and
          sessions. Reports you made about other members stay with our safety team without your name. Records we must keep by law,
          such as payment records, are kept only as long as the law requires.
        </li>
      </ul>

      <h2>Your choices and rights</h2>
      <ul>
        <li><strong>See and take your data:</strong> Settings → Account → “Download my data” gives you a JSON file with everything we keep about you.</li>
        <li><strong>Correct it:</strong> edit your profile, preferences and contact details at any time.</li>
        <li><strong>Delete it:</strong> Settings → Account → “Delete my account” removes your account and data for good.</li>
        <li><strong>Control notifications</strong> per type and per channel under Notification Settings.</li>
        <li>
          <strong>Ask or complain:</strong> write to us through <Link to="/app/help/contact" className="text-link">Contact Us</Link>. You may
          also complain to the data protection authority where you live — in South Africa, the Information Regulator.
        </li>
      </ul>

      <h2>How we protect it</h2>
      <p>
        Connections are encrypted, passwords and sign-in tokens are stored only as hashes, photos live at random addresses nobody
        can guess, and sign-in attempts and codes are rate-limited. No system is perfectly secure; if something goes wrong that
        affects you, we will tell you.
      </p>

      <h2>Adults only</h2>
      <p>LinkUp is only for people aged 18 or older. If we learn that a member is younger, we delete the account.</p>

      <h2>Changes to this policy</h2>
      <p>When we change this policy we update the date above, and we tell you in the app before important changes take effect.</p>
    </LegalDocument>
  );
}
