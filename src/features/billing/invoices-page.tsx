import { Badge, Card, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'wouter';
import type { Invoice, InvoiceList } from '../../contract/billing.ts';
import { listInvoices } from './api/billing.ts';
import { BillingFailed, BillingLoading, BillingOff } from './billing-states.tsx';
import { formatAmount, formatDate } from './billing-format.ts';
import { useBillingData } from './use-billing-data.ts';

/** /subscription/invoices: the account's invoices from Stripe, with their hosted page and PDF. */
export function InvoicesPage() {
  const [state, reload] = useBillingData(listInvoices);
  return (
    <Stack gap={6}>
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Heading as="h1" size="2xl">
          Invoices
        </Heading>
        <Link asChild fontWeight="semibold">
          <RouterLink href="/subscription">Back to your plan</RouterLink>
        </Link>
      </HStack>
      {state.status === 'loading' && <BillingLoading label="Loading the invoices" />}
      {state.status === 'off' && <BillingOff />}
      {state.status === 'failed' && <BillingFailed detail={state.detail} onRetry={reload} />}
      {state.status === 'ready' && <Invoices list={state.data} />}
    </Stack>
  );
}

const statusColors: Record<string, string> = { paid: 'green', open: 'orange', uncollectible: 'red', void: 'gray', draft: 'gray' };
const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

function Invoices({ list }: { list: InvoiceList }) {
  if (list.results.length === 0) {
    return (
      <Card.Root variant="subtle">
        <Card.Body>
          <Text>No invoices yet. Each payment for a plan adds one here.</Text>
        </Card.Body>
      </Card.Root>
    );
  }
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Invoices">
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
    </Table.ScrollArea>
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
      <Table.Cell>{invoice.status && <Badge colorPalette={statusColors[invoice.status] ?? 'gray'}>{statusLabel(invoice.status)}</Badge>}</Table.Cell>
      <Table.Cell>
        <HStack gap={3}>
          {invoice.hosted_invoice_url && (
            <Link href={invoice.hosted_invoice_url} target="_blank" rel="noopener noreferrer" aria-label={`View invoice ${name}`}>
              View
            </Link>
          )}
          {invoice.invoice_pdf && (
            <Link href={invoice.invoice_pdf} target="_blank" rel="noopener noreferrer" aria-label={`Download invoice ${name} as PDF`}>
              PDF
            </Link>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
