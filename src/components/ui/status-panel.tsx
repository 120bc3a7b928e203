import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'wouter';

/** A centred message with one way onward: not-found, error and payment-status screens. */
export function StatusPanel({ title, message, action }: { title: string; message: string; action: { label: string; href: string } }) {
  return (
    <Box as="main" py={{ base: 12, md: 24 }}>
      <Container maxW="lg">
        <Stack gap={4} textAlign="center" align="center">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">{message}</Text>
          <Button asChild colorPalette="orange">
            <RouterLink href={action.href}>{action.label}</RouterLink>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
