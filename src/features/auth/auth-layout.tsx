import { Box, Card, Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';

/** The one container of every /auth screen (spec §2: "The /auth routes share one container"). */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="main" minH="100vh" bg="orange.50" py={{ base: 6, md: 16 }}>
      <Container maxW="md" px={{ base: 3, md: 6 }}>
        <Stack gap={6}>
          <Link asChild fontWeight="bold" fontSize="xl" color="orange.700" alignSelf="center">
            <RouterLink href="/getstart">☀ Sunplot</RouterLink>
          </Link>
          <Card.Root>
            <Card.Body>
              <Stack gap={5}>
                <Heading as="h1" size="xl">
                  {title}
                </Heading>
                {children}
              </Stack>
            </Card.Body>
          </Card.Root>
          <HStack justify="center" gap={4} fontSize="sm">
            <Link asChild>
              <RouterLink href="/terms">Terms</RouterLink>
            </Link>
            <Text color="fg.muted">·</Text>
            <Link asChild>
              <RouterLink href="/policies">Privacy</RouterLink>
            </Link>
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}
