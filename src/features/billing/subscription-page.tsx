import { Alert, Badge, Box, Button, Card, Heading, HStack, Icon, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, Check, CreditCard, ExternalLink, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { toFormErrors } from '../../../machines/form-errors.ts';
import { pathTo } from '../../../machines/route-guard.ts';
import type { Plan, SubscriptionsList } from '../../contract/billing.ts';
import { useActors, useNotify } from '../../lib/actors-context.tsx';
import { isCancelled } from '../../lib/api-client.ts';
import { getSubscriptions, openBillingPortal, studyLimitWithoutBilling } from './api/billing.ts';
import { useResource } from '../../lib/use-resource.ts';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import { BillingHeader, BillingLoading, BillingOff } from './billing-states.tsx';
import { formatUsage, limitLines, periodLine, reachedLimits, subscriptionStatusLabel } from './billing-format.ts';
import { useBillingData } from './use-billing-data.ts';

/** /subscription: the plans side by side with the current one marked, the usage against its limits, and a way to buy another. */
export function SubscriptionPage() {
  const [state, reload] = useBillingData(getSubscriptions);
  return (
    <Stack gap={6}>
      <BillingHeader icon={CreditCard} title="Subscription" link={state.status === 'off' ? undefined : { href: '/subscription/invoices', label: 'See invoices', icon: Receipt }} />
      {state.status === 'loading' && <BillingLoading label="Loading your plan" shape="plans" />}
      {state.status === 'off' && <BillingOffWithLimit />}
      {state.status === 'failed' && <LoadFailed detail={state.detail} onRetry={reload} />}
      {state.status === 'ready' && <Plans subscriptions={state.data} />}
    </Stack>
  );
}

/** Billing off still limits the studies of a project: the card says by how much (while it loads, as billing off says). */
function BillingOffWithLimit() {
  const { api } = useActors();
  const resource = useResource('billing-off-limit', (signal) => studyLimitWithoutBilling(api, { signal }));
  return <BillingOff studyLimit={resource.status === 'ready' ? resource.data : undefined} />;
}

function Plans({ subscriptions }: { subscriptions: SubscriptionsList }) {
  const { plans, current, usage } = subscriptions;
  const currentPlan = plans.find((plan) => plan.id === current.plan_id);
  const period = periodLine(current);
  const reached = reachedLimits(subscriptions);
  return (
    <Stack gap={6}>
      {reached.length > 0 && (
        <Alert.Root status="warning" data-testid="limit-reached">
          <Alert.Indicator />
          <Alert.Content gap={1}>
            <Alert.Title>You are at your plan’s limit</Alert.Title>
            {reached.map(({ limit, message, lifting }) => (
              <Alert.Description key={limit}>
                {message}
                {lifting ? ` ${lifting.name} is below.` : ' No plan allows more.'}
              </Alert.Description>
            ))}
          </Alert.Content>
        </Alert.Root>
      )}
      <Card.Root variant="outline" as="section" aria-labelledby="usage-heading" bg="bg.panel">
        <Card.Body>
          <Stack gap={3}>
            <HStack gap={2} wrap="wrap">
              <Heading as="h2" size="lg" id="usage-heading">
                Your plan: {currentPlan?.name ?? current.plan_id}
              </Heading>
              <Badge colorPalette={current.status === 'active' || current.status === 'trialing' ? 'green' : 'orange'}>{subscriptionStatusLabel(current.status)}</Badge>
            </HStack>
            {period && <Text color="fg.muted">{period}</Text>}
            {subscriptions.portal && <ManageSubscription />}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap={4}>
              <Usage label="Projects" used={usage.projects} limit={currentPlan?.limits.projects ?? null} />
              <Usage label="Most studies in a project" used={usage.most_studies_in_a_project} limit={currentPlan?.limits.studies_per_project ?? null} />
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

/** Stripe's customer portal, where a paying user cancels, changes plan or updates the card; the page leaves for it. */
function ManageSubscription() {
  const { api } = useActors();
  const notify = useNotify();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      window.location.assign((await openBillingPortal(api)).url);
    } catch (error) {
      setOpening(false);
      if (!isCancelled(error)) notify(toFormErrors(error).detail ?? 'The subscription could not be opened.', 'error');
    }
  };
  return (
    <HStack gap={3} wrap="wrap">
      <Button variant="outline" loading={opening} loadingText="Opening Stripe…" onClick={() => void open()}>
        <ExternalLink aria-hidden />
        Manage subscription
      </Button>
      <Text fontSize="sm" color="fg.muted">
        Cancel, change your plan or update your card on Stripe.
      </Text>
    </HStack>
  );
}

/** Usage against a limit: the figure, then a bar (orange once the limit is reached); no bar without a limit. */
function Usage({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const full = limit !== null && used >= limit;
  return (
    <Stack gap={1.5} p={3} borderWidth="1px" rounded="md" bg="bg.subtle">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="semibold">
        {formatUsage(used, limit)}
      </Text>
      {limit !== null && (
        <Progress.Root value={Math.min(100, limit === 0 ? 100 : (used / limit) * 100)} size="sm" colorPalette={full ? 'orange' : 'green'} aria-label={`${label}: ${formatUsage(used, limit)}`}>
          <Progress.Track bg="bg.emphasized">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {full && (
        <Text fontSize="xs" color="fg.warning">
          At your plan's limit
        </Text>
      )}
    </Stack>
  );
}

/** The server names the free plan's price "Free", as the plan itself: under the name "Free" it would read twice. */
const priceLine = (plan: Plan) => (plan.price.trim().toLowerCase() === plan.name.trim().toLowerCase() ? 'No charge' : plan.price);

function PlanCard({ plan, current }: { plan: Plan; current: boolean }) {
  return (
    <Card.Root
      variant="outline"
      bg="bg.panel"
      borderColor={current ? 'brand.solid' : 'border'}
      borderWidth={current ? '2px' : '1px'}
      boxShadow={current ? 'md' : 'xs'}
      data-testid="plan-card"
      aria-current={current || undefined}
    >
      <Card.Header gap={1}>
        <HStack justify="space-between" wrap="wrap" gap={2}>
          <Heading as="h3" size="md">
            {plan.name}
          </Heading>
          {current && (
            <Badge colorPalette="brand" variant="solid">
              Current plan
            </Badge>
          )}
        </HStack>
        <Text fontSize="2xl" fontWeight="bold" letterSpacing="tight">
          {priceLine(plan)}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap={2} as="dl">
          {limitLines(plan.limits).map((line) => (
            <HStack key={line.label} justify="space-between" gap={3}>
              <HStack asChild gap={2} color="fg.muted">
                <dt>
                  <Icon asChild boxSize="4" color="green.fg">
                    <Check aria-hidden />
                  </Icon>
                  {line.label}
                </dt>
              </HStack>
              <Text as="dd" fontWeight="semibold">
                {line.value}
              </Text>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
      <Card.Footer>
        {plan.paid && !current ? (
          <Button asChild colorPalette="brand" w="full">
            <RouterLink href={pathTo('stripe', { id: plan.id })}>
              Choose {plan.name}
              <ArrowRight aria-hidden />
            </RouterLink>
          </Button>
        ) : (
          <Box h="10" w="full" display="flex" alignItems="center" justifyContent="center" fontSize="sm" color="fg.muted">
            {current ? 'Your plan now' : 'Included with every account'}
          </Box>
        )}
      </Card.Footer>
    </Card.Root>
  );
}
