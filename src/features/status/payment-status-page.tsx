import { useSearchParams } from 'wouter';
import { StatusPanel } from '../../components/ui/status-panel.tsx';

const outcomes = {
  success: { title: 'Payment received', message: 'Thank you. Your plan is active; the invoice is on the invoices page.', action: { label: 'See invoices', href: '/subscription/invoices' } },
  cancelled: { title: 'Payment cancelled', message: 'You cancelled the payment. Nothing was charged.', action: { label: 'Back to plans', href: '/subscription' } },
  failed: { title: 'Payment failed', message: 'The payment did not go through and nothing was charged. You can try again with another card.', action: { label: 'Back to plans', href: '/subscription' } },
} as const;

/** /response/payment-status?status=success|cancelled|failed: where checkout ends up. */
export function PaymentStatusPage() {
  const [params] = useSearchParams();
  const status = params.get('status');
  const outcome = status === 'success' || status === 'cancelled' ? outcomes[status] : outcomes.failed;
  return <StatusPanel {...outcome} />;
}
