import { Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'wouter';

/**
 * Why a study cannot be saved in this project: the plan's study limit, in the server's words (the limit, the plan and
 * what lifts it), and the way to the plans. `refused`: a save was tried and refused, rather than only ruled out.
 */
export function StudyLimitNote({ detail, refused }: { detail: string | null; refused: boolean }) {
  return (
    <Stack gap={1} role={refused ? 'alert' : 'status'} data-testid="study-limit-note">
      <Text fontWeight="semibold" color={refused ? 'fg.error' : 'fg.warning'}>
        {refused ? 'Not saved: this project is at your plan’s study limit.' : 'This project is at your plan’s study limit.'}
      </Text>
      <Text fontSize="sm">{detail ?? 'Your plan allows no more studies in this project. Delete one first.'}</Text>
      <Link asChild fontSize="sm" fontWeight="semibold" color="brand.fg">
        <RouterLink href="/subscription">See the plans and their study limits</RouterLink>
      </Link>
    </Stack>
  );
}
