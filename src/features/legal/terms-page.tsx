import { TextPage, type TextSection } from '../../components/ui/text-page.tsx';

const sections: TextSection[] = [
  {
    heading: 'Who provides this service',
    paragraphs: [
      'Sunplot is open-source software. This instance is run by the organisation that installed it (the operator), not by the authors of the software. The operator is responsible for this service and for the accounts on it.',
    ],
  },
  {
    heading: 'Your account',
    paragraphs: [
      'You need an account to use Sunplot. Give a real email address and keep your password to yourself; you are responsible for what is done with your account. Tell the operator at once if you think someone else has used it.',
      'You may close your account at any time by asking the operator. The operator may suspend accounts that break these terms or put the service at risk.',
    ],
  },
  {
    heading: 'Your data',
    paragraphs: [
      'Projects, parcels, studies, tasks and files you put into Sunplot remain yours. The operator stores them to provide the service to you and does not use them for anything else.',
      'Map, weather and parcel data shown in Sunplot come from third parties under their own licences, which are named where the data is shown.',
    ],
  },
  {
    heading: 'Estimates are estimates',
    paragraphs: [
      'Energy and financial figures are model estimates from the weather data and assumptions you choose. They are meant for screening and early feasibility work. They are not a guarantee of performance, financial advice or an engineering design; check them before you rely on them for an investment decision.',
      'Parcel screening reports what the loaded layers show on the date given with each layer. A criterion whose layer is missing is reported as unknown, and a layer can be out of date: confirm land constraints with the authorities concerned.',
    ],
  },
  {
    heading: 'Paid plans',
    paragraphs: [
      'Where the operator offers paid plans, prices and limits are shown before you pay. Payments are processed by Stripe; invoices are available in the app. Plans renew until cancelled.',
    ],
  },
  {
    heading: 'Fair use',
    paragraphs: ['Do not try to break, overload or get around the limits of the service, and do not use it to store material you have no right to store.'],
  },
  {
    heading: 'Liability',
    paragraphs: [
      'The software is provided as is, without warranty of any kind, as its open-source licence says. To the extent the law allows, neither the operator nor the authors are liable for losses arising from the use of the estimates or from interruptions of the service.',
    ],
  },
  {
    heading: 'Changes',
    paragraphs: ['The operator may change these terms. Material changes are announced in the app or by email before they take effect.'],
  },
];

export function TermsPage() {
  return <TextPage title="Terms and conditions" updated="22 November 2026" sections={sections} />;
}
