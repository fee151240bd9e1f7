import { routeByName } from '@linkup/contract';
import { Link } from 'react-router';
import { LegalDocument, type LegalPlace } from '@/features/help/components/legal/legal-document';

/** The terms of service, written for LinkUp: who may join, rules of conduct, safety, Premium, ending. */
export function TermsOfService({ place = 'app' }: { place?: LegalPlace }) {
  const privacyPolicy = routeByName(place === 'app' ? 'app.privacy-policy' : 'legal.privacy').path;
  return (
    <LegalDocument place={place}>
      <p>
        These terms are the agreement between you and LinkUp when you use the LinkUp web app or mobile apps. By creating an
        account you accept them, together with our <Link to={privacyPolicy} className="text-link">Privacy Policy</Link>.
      </p>

      <h2>Who may use LinkUp</h2>
      <ul>
        <li>You must be at least 18 years old.</li>
        <li>You may have one account, and it must be about you: your real name or the name you go by, your real age, and photos of you.</li>
        <li>You may not use LinkUp if we have removed you before, or if the law forbids you from contacting other people in this way.</li>
      </ul>

      <h2>Your account</h2>
      <p>
        Keep your password and your phone safe; you are responsible for what happens under your account. If you think someone
        else has access to it, change your password and use “Sign out of all other devices” under Account Settings.
      </p>

      <h2>Rules of conduct</h2>
      <p>Be kind and honest. In particular, you must not:</p>
      <ul>
        <li>harass, threaten, bully or stalk anyone, or keep contacting someone who has not answered or has asked you to stop;</li>
        <li>post hateful content, or content that demeans people for their race, ethnicity, religion, gender, sexual orientation, disability or origin;</li>
        <li>upload nudity, sexual or violent images, or photos of other people without their consent, or any image of a child;</li>
        <li>pretend to be someone else, create fake profiles, or mislead people about your age, relationship status or intentions;</li>
        <li>ask members for money, gifts or financial details, promote businesses or services, or send spam or links to other sites;</li>
        <li>share anyone’s private information, including messages, photos or contact details, without their consent;</li>
        <li>use LinkUp for anything illegal, or try to get around our limits, scrape data or interfere with the service.</li>
      </ul>

      <h2>Safety, reporting and blocking</h2>
      <p>
        You can block any member; blocking works both ways and ends your conversation. You can report a member from their profile
        for a fake profile, inappropriate photos, harassment, a scam or spam, being underage, or anything else. Our team reviews
        reports and may warn members, remove content, or suspend or delete accounts that break these rules. We do not run
        criminal background checks on members: take care when meeting someone in person — meet in public, tell a friend, and never
        send money to someone you have not met.
      </p>

      <h2>Your content</h2>
      <p>
        You keep ownership of the photos and text you add. You allow LinkUp to store, re-size and show them to other members for as
        long as they are on your profile, only to run the service. You confirm that you have the right to share what you upload.
      </p>

      <h2>Premium and payments</h2>
      <ul>
        <li>LinkUp is free to use. Premium plans add features such as unlimited likes, more super likes, seeing who likes you and who visited your profile, undo and profile boosts.</li>
        <li>The price, the period and whether the plan renews are shown before you pay, including taxes. You pay in advance for each period.</li>
        <li>You can cancel at any time; Premium then stays active until the end of the period you have paid for. Subscriptions bought through an app store are managed and cancelled there.</li>
        <li>Payments are not refundable for a period that has started, except where the law gives you a right to a refund or we charged you in error.</li>
        <li>We may change Premium features or prices; a price change applies from your next period, and we tell you in advance.</li>
      </ul>

      <h2>Ending your account</h2>
      <p>
        You can delete your account at any time under Account Settings; this deletes your data as our Privacy Policy describes. We
        may suspend or end an account that breaks these terms or puts members at risk, and we will tell you why unless the law or
        the safety of others prevents it.
      </p>

      <h2>Our responsibility</h2>
      <p>
        We work hard to keep LinkUp available, safe and accurate, but we cannot promise that every member is who they say they are,
        or that you will find a match. To the extent the law allows, LinkUp is not liable for how members behave towards each
        other, on or off the app. Nothing in these terms takes away rights you have under consumer protection law.
      </p>

      <h2>Changes and contact</h2>
      <p>
        We may update these terms; the date above shows when they last changed, and we tell you in the app before important
        changes take effect. These terms are governed by the laws of South Africa. Questions? Write to us through{' '}
        <Link to="/app/help/contact" className="text-link">Contact Us</Link>.
      </p>
    </LegalDocument>
  );
}
