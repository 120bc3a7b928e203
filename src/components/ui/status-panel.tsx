import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, SearchX, type LucideIcon } from 'lucide-react';
import { Link as RouterLink } from 'wouter';
import { Brand } from './brand.tsx';
import { useInShell } from './shell-context.ts';

/**
 * A centred message with one way onward: not-found, error and payment-status screens. Standing alone (outside the
 * signed-in frame) it is the page's main landmark and shows the brand above it.
 */
export function StatusPanel({ title, message, action, icon: Icon = SearchX }: { title: string; message: string; action: { label: string; href: string }; icon?: LucideIcon }) {
  const inShell = useInShell();
  return (
    <Box as={inShell ? 'section' : 'main'} aria-labelledby="status-title" minH={inShell ? undefined : '100dvh'} bg={inShell ? undefined : 'bg.canvas'} py={{ base: 12, md: 20 }}>
      <Container maxW="lg">
        <Stack gap={5} textAlign="center" align="center">
          {!inShell && (
            <Box mb={{ base: 4, md: 8 }}>
              <Brand />
            </Box>
          )}
          <Box display="inline-flex" alignItems="center" justifyContent="center" boxSize={14} rounded="full" bg="brand.subtle" color="brand.fg" borderWidth="1px" borderColor="brand.border" aria-hidden="true">
            <Icon size={26} aria-hidden="true" />
          </Box>
          <Heading as="h1" id="status-title" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="md" maxW="md">
            {message}
          </Text>
          <Button asChild colorPalette="brand" mt={2}>
            <RouterLink href={action.href}>
              <ArrowLeft size={16} aria-hidden="true" />
              {action.label}
            </RouterLink>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
