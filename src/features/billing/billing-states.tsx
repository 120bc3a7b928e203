import { Button, Card, HStack, Icon, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Info, type LucideIcon } from 'lucide-react';
import { Link as RouterLink } from 'wouter';
import { billingMessages } from '../../contract/billing.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';

/** A billing screen's title with its icon, and a link to the other billing screen (left out while billing is off). */
export function BillingHeader({ icon: TitleIcon, title, link }: { icon: LucideIcon; title: string; link?: { href: string; label: string; icon: LucideIcon } }) {
  const LinkIcon = link?.icon;
  return (
    <PageHeader
      icon={TitleIcon}
      title={title}
      actions={
        link &&
        LinkIcon && (
          <Link asChild fontWeight="semibold" color="brand.fg">
            <RouterLink href={link.href}>
              <LinkIcon aria-hidden size="1em" />
              {link.label}
            </RouterLink>
          </Link>
        )
      }
    />
  );
}

/** The study limit a server without billing gives every account (null before it is known), and the projects at it. */
export interface LimitWithoutBilling {
  limit: number | null;
  /** The server's refusal for a full project, naming the limit. */
  detail: string | null;
  full: string[];
}

/**
 * What every billing screen shows on a server without billing: no plans, no buttons, a way back. Given the study limit
 * that still applies, it says so and what lifts it, rather than that there is nothing to buy.
 */
export function BillingOff({ studyLimit }: { studyLimit?: LimitWithoutBilling }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="billing-off">
      <Card.Body>
        <Stack gap={3} align="flex-start">
          <HStack gap={2}>
            <Icon asChild boxSize="5" color="fg.info">
              <Info aria-hidden />
            </Icon>
            <Text fontWeight="semibold">{billingMessages.off}</Text>
          </HStack>
          {studyLimit?.limit != null ? (
            <Stack gap={2} data-testid="limit-without-billing">
              <Text>
                This server gives every account the same plan: up to {studyLimit.limit} feasibility {studyLimit.limit === 1 ? 'study' : 'studies'} per project, and no limit on projects. No plan can be bought here to lift it.
              </Text>
              {studyLimit.full.length > 0 && (
                <Text color="fg.warning" role="status">
                  At the limit: {studyLimit.full.join(', ')}. {studyLimit.detail}
                </Text>
              )}
              <Text color="fg.muted">To make room, delete a study in the project; for a higher limit, ask whoever runs this server to raise it.</Text>
            </Stack>
          ) : (
            <Text color="fg.muted">Every feature works on the plan this server gives all accounts; there is nothing to buy here.</Text>
          )}
          <Button asChild size="sm" variant="outline">
            <RouterLink href="/project">Back to projects</RouterLink>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** A billing screen's outline while it loads: the plan and its cards, or a table's rows. */
export function BillingLoading({ label, shape = 'rows' }: { label: string; shape?: 'plans' | 'rows' }) {
  return (
    <Stack gap={4} role="status" aria-busy="true" aria-label={label}>
      {shape === 'plans' ? (
        <>
          <Skeleton h="36" rounded="lg" />
          <SimpleGrid columns={{ base: 1, md: 3 }} gap={4}>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} h="56" rounded="lg" />
            ))}
          </SimpleGrid>
        </>
      ) : (
        Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h="10" rounded="md" />)
      )}
    </Stack>
  );
}

