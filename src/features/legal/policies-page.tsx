import { TextPage, type TextSection } from '../../components/ui/text-page.tsx';

const sections: TextSection[] = [
  {
    heading: 'What we collect',
    paragraphs: [
      'Account data: your name, email address, company name, an optional profile photo (re-encoded on upload, which removes its embedded metadata such as location) and a hash of your password; never the password itself.',
      'Your work: projects, boundaries, parcels, studies, settings, tasks and the files you upload.',
      'Security records: the time, IP address and browser of logins, logouts, password resets and failed login attempts, kept to protect your account.',
      'Messages you send through the contact form.',
    ],
  },
  {
    heading: 'What we do with it',
    paragraphs: [
      'We use your data only to run the service for you: to sign you in, to store and compute your projects, to send you the emails you asked for (address confirmation, password reset) and to answer your messages. There is no advertising and no tracking by third parties.',
    ],
  },
  {
    heading: 'Cookies and browser storage',
    paragraphs: [
      'Sunplot keeps your login tokens and two flags in your browser\'s local storage, and sets one cookie, csrftoken, that protects your account from forged requests. No analytics or advertising cookies are used.',
    ],
  },
  {
    heading: 'Who else sees it',
    paragraphs: [
      'The operator of this instance and, only where you use them, the services it is configured with: the mail server that delivers our emails, Google when you choose to sign in with Google, Stripe when you pay, and the weather service asked for the location of a study (it receives the coordinates, not your identity).',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      'Your account and work are kept until you ask for them to be deleted. Security records are kept for a limited time to investigate abuse. Expired sign-in tokens and reset links are useless after they expire and are removed over time.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'You can see and change your account details on the Account page. You can ask the operator for a copy of your data, its correction or its deletion. Where the GDPR or India\'s Digital Personal Data Protection Act applies, you have the rights they give you, including complaining to your data protection authority.',
    ],
  },
];

export function PoliciesPage() {
  return <TextPage title="Privacy policy" updated="22 November 2026" sections={sections} />;
}
