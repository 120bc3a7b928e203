import { Badge, HStack, Icon, Link, Stack, Table } from '@chakra-ui/react';
import { ArrowLeft, CircleAlert, CircleCheck, CircleDashed, CircleX, Clock, Download, ExternalLink, Receipt, type LucideIcon } from 'lucide-react';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import type { Invoice, InvoiceList } from '../../contract/billing.ts';
import { listInvoices } from './api/billing.ts';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { BillingHeader, BillingLoading, BillingOff } from './billing-states.tsx';
import { formatAmount, formatDate } from './billing-format.ts';
import { useBillingData } from './use-billing-data.ts';
import { EmptyPanel } from '../../components/ui/empty-panel.tsx';

/** /subscription/invoices: the account's invoices from Stripe, with their hosted page and PDF. */
export function InvoicesPage() {
  const [state, reload] = useBillingData(listInvoices);
  return (
    <Stack gap={6}>
      <BillingHeader icon={Receipt} title="Invoices" link={state.status === 'off' ? undefined : { href: '/subscription', label: 'Back to your plan', icon: ArrowLeft }} />
      {state.status === 'loading' && <BillingLoading label="Loading the invoices" />}
      {state.status === 'off' && <BillingOff />}
      {state.status === 'failed' && <LoadFailed detail={state.detail} onRetry={reload} />}
      {state.status === 'ready' && <Invoices list={state.data} />}
    </Stack>
  );
}

const statusLooks: Record<string, { colour: string; icon: LucideIcon }> = {
  paid: { colour: 'green', icon: CircleCheck },
  open: { colour: 'orange', icon: Clock },
  uncollectible: { colour: 'red', icon: CircleX },
  void: { colour: 'gray', icon: CircleAlert },
  draft: { colour: 'gray', icon: CircleDashed },
};
const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

function Invoices({ list }: { list: InvoiceList }) {
  if (list.results.length === 0) {
    return (
      <EmptyPanel icon={<Receipt aria-hidden />} title="No invoices yet" description="Each payment for a plan adds one here; choose a paid plan on the subscription page." />
    );
  }
  return (
    <TableScroll label="Invoices" bg="bg.panel">
      <Table.Root size="md" aria-label="Invoices" interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Number</Table.ColumnHeader>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Documents</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {list.results.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const name = invoice.number ?? 'draft';
  return (
    <Table.Row data-testid="invoice-row">
      <Table.Cell whiteSpace="nowrap">{invoice.number ?? '—'}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDate(invoice.created)}</Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {formatAmount(invoice.amount_due, invoice.currency)}
      </Table.Cell>
      <Table.Cell>{invoice.status && <StatusBadge status={invoice.status} />}</Table.Cell>
      <Table.Cell>
        <HStack gap={3}>
          {invoice.hosted_invoice_url && (
            <Link href={invoice.hosted_invoice_url} target="_blank" rel="noopener noreferrer" aria-label={`View invoice ${name}`} colorPalette="brand" color="colorPalette.fg" whiteSpace="nowrap">
              <ExternalLink aria-hidden size="1em" />
              View
            </Link>
          )}
          {invoice.invoice_pdf && (
            <Link href={invoice.invoice_pdf} target="_blank" rel="noopener noreferrer" aria-label={`Download invoice ${name} as PDF`} colorPalette="brand" color="colorPalette.fg" whiteSpace="nowrap">
              <Download aria-hidden size="1em" />
              PDF
            </Link>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

function StatusBadge({ status }: { status: string }) {
  const look = statusLooks[status] ?? { colour: 'gray', icon: CircleAlert };
  const Glyph = look.icon;
  return (
    <Badge colorPalette={look.colour}>
      <Icon asChild boxSize="3">
        <Glyph aria-hidden />
      </Icon>
      {statusLabel(status)}
    </Badge>
  );
}
