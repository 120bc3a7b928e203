import { Box, Card, Center, HStack, Heading, Link, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';
import { Brand } from '../../components/ui/brand.tsx';

/** The one container of every /auth screen (spec §2: "The /auth routes share one container"): a centred card under the brand. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center as="main" minH="100vh" bg="bg.canvas" px={{ base: 3, md: 6 }} py={{ base: 6, md: 12 }}>
      <Stack gap={6} w="full" maxW="md">
        <Link asChild alignSelf="center" rounded="l2" focusVisibleRing="outside" _hover={{ textDecoration: 'none' }}>
          <RouterLink href="/getstart">
            <Brand size="lg" />
          </RouterLink>
        </Link>
        <Card.Root boxShadow="md">
          <Card.Body p={{ base: 5, md: 8 }}>
            <Stack gap={5}>
              <Heading as="h1" size="xl" textAlign="center">
                {title}
              </Heading>
              {children}
            </Stack>
          </Card.Body>
        </Card.Root>
        <HStack justify="center" gap={4} fontSize="sm">
          <Link asChild color="fg.muted">
            <RouterLink href="/terms">Terms</RouterLink>
          </Link>
          <Box as="span" aria-hidden="true" color="fg.muted">
            ·
          </Box>
          <Link asChild color="fg.muted">
            <RouterLink href="/policies">Privacy</RouterLink>
          </Link>
        </HStack>
      </Stack>
    </Center>
  );
}
