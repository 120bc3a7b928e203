import { Box, Button, Card, Container, Heading, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'wouter';
import { ContactForm } from './contact-form.tsx';

const features = [
  'Outline sites on a map and screen their land parcels for flood zones, wetlands, size and grid distance, with a reason for every verdict.',
  'Run feasibility studies: an hourly energy simulation on real weather and a project cash-flow model with NPV, IRR, LCOE and payback.',
  'Keep assumptions per project, and run the development work as a task board from site control to construction.',
];

export function GetStartPage() {
  return (
    <Box as="main" minH="100vh" bg="orange.50" py={{ base: 8, md: 16 }}>
      <Container maxW="4xl" px={{ base: 4, md: 8 }}>
        <Stack gap={10}>
          <Stack gap={6}>
            <Text fontWeight="bold" color="orange.700">
              ☀ Sunplot
            </Text>
            <Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
              Plan solar projects, from site to study
            </Heading>
            <Text fontSize="lg">Sunplot is an open tool for people who plan ground-mounted and commercial solar projects.</Text>
            <List.Root gap={2} ps={5}>
              {features.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List.Root>
            <HStack gap={3} wrap="wrap">
              <Button asChild colorPalette="orange" size="lg">
                <RouterLink href="/auth/login">Log in or sign up</RouterLink>
              </Button>
            </HStack>
          </Stack>
          <Card.Root>
            <Card.Body>
              <ContactForm />
            </Card.Body>
          </Card.Root>
          <HStack gap={4} fontSize="sm" justify="center">
            <Link asChild>
              <RouterLink href="/terms">Terms and conditions</RouterLink>
            </Link>
            <Link asChild>
              <RouterLink href="/policies">Privacy policy</RouterLink>
            </Link>
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}
