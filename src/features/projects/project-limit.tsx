import { Alert, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'wouter';
import type { ProjectLimit } from '../../contract/billing.ts';

const projectsWord = (n: number) => (n === 1 ? 'project' : 'projects');

/** "2 of 3 projects on Free", when the plan has a limit; in the warning colour at the limit. */
export function ProjectUsage({ allowance }: { allowance: ProjectLimit | undefined }) {
  if (allowance?.limit == null) return null;
  return (
    <Text fontSize="sm" color={allowance.allowed ? 'fg.muted' : 'fg.warning'} data-testid="project-usage">
      {allowance.used} of {allowance.limit} {projectsWord(allowance.limit)} on {allowance.plan}
    </Text>
  );
}

/** Why no project can be added, and the way to a plan that allows more (the dashboard and /project/add). */
export function ProjectLimitReached({ detail }: { detail: string | null }) {
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{detail ?? 'Your plan allows no more projects.'}</Alert.Title>
        <Alert.Description>
          <Link asChild fontWeight="semibold">
            <RouterLink href="/subscription">See the plans</RouterLink>
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
