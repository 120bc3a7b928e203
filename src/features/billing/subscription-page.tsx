import { Badge, Button, Card, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'wouter';
import { pathTo } from '../../../machines/route-guard.ts';
import type { Plan, SubscriptionsList } from '../../contract/billing.ts';
import { getSubscriptions } from './api/billing.ts';
import { BillingFailed, BillingLoading, BillingOff } from './billing-states.tsx';
import { formatUsage, limitLines, periodLine, subscriptionStatusLabel } from './billing-format.ts';
import { useBillingData } from './use-billing-data.ts';

/** /subscription: the plans side by side with the current one marked, the usage against its limits, and a way to buy another. */
export function SubscriptionPage() {
  const [state, reload] = useBillingData(getSubscriptions);
  return (
    <Stack gap={6}>
      <HStack justify="space-between" wrap="wrap" gap={3}>
        <Heading as="h1" size="2xl">
          Subscription
        </Heading>
        {state.status !== 'off' && (
          <Link asChild fontWeight="semibold">
            <RouterLink href="/subscription/invoices">See invoices</RouterLink>
          </Link>
        )}
      </HStack>
      {state.status === 'loading' && <BillingLoading label="Loading your plan" />}
      {state.status === 'off' && <BillingOff />}
      {state.status === 'failed' && <BillingFailed detail={state.detail} onRetry={reload} />}
      {state.status === 'ready' && <Plans subscriptions={state.data} />}
    </Stack>
  );
}

function Plans({ subscriptions }: { subscriptions: SubscriptionsList }) {
  const { plans, current, usage } = subscriptions;
  const currentPlan = plans.find((plan) => plan.id === current.plan_id);
  const period = periodLine(current);
  return (
    <Stack gap={6}>
      <Card.Root variant="outline" as="section" aria-labelledby="usage-heading">
        <Card.Body>
          <Stack gap={3}>
            <HStack gap={2} wrap="wrap">
              <Heading as="h2" size="lg" id="usage-heading">
                Your plan: {currentPlan?.name ?? current.plan_id}
              </Heading>
              <Badge colorPalette={current.status === 'active' || current.status === 'trialing' ? 'green' : 'orange'}>{subscriptionStatusLabel(current.status)}</Badge>
            </HStack>
            {period && <Text color="fg.muted">{period}</Text>}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3}>
              <Usage label="Projects" value={formatUsage(usage.projects, currentPlan?.limits.projects ?? null)} />
              <Usage label="Most studies in a project" value={formatUsage(usage.most_studies_in_a_project, currentPlan?.limits.studies_per_project ?? null)} />
            </SimpleGrid>
          </Stack>
        </Card.Body>
      </Card.Root>

      <Stack gap={3} as="section" aria-labelledby="plans-heading">
        <Heading as="h2" size="lg" id="plans-heading">
          Plans
        </Heading>
        <SimpleGrid columns={{ base: 1, md: Math.min(plans.length, 3) }} gap={4}>
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} current={plan.id === current.plan_id} />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}

function Usage({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="semibold">
        {value}
      </Text>
    </Stack>
  );
}

function PlanCard({ plan, current }: { plan: Plan; current: boolean }) {
  return (
    <Card.Root variant={current ? 'elevated' : 'outline'} borderColor={current ? 'orange.400' : undefined} borderWidth={current ? '2px' : undefined} data-testid="plan-card" aria-current={current || undefined}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap={2}>
          <Heading as="h3" size="md">
            {plan.name}
          </Heading>
          {current && <Badge colorPalette="orange">Current plan</Badge>}
        </HStack>
        <Text fontSize="xl" fontWeight="bold">
          {plan.price}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap={1} as="dl">
          {limitLines(plan.limits).map((line) => (
            <HStack key={line.label} justify="space-between">
              <Text as="dt" color="fg.muted">
                {line.label}
              </Text>
              <Text as="dd" fontWeight="semibold">
                {line.value}
              </Text>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
      {plan.paid && !current && (
        <Card.Footer>
          <Button asChild colorPalette="orange" w="full">
            <RouterLink href={pathTo('stripe', { id: plan.id })}>
              Choose {plan.name}
            </RouterLink>
          </Button>
        </Card.Footer>
      )}
    </Card.Root>
  );
}
