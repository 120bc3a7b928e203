import { Box, Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import { usePageTitle } from '../../app/use-page-title.ts';

const features = [
  'Outline sites on a map and screen their land parcels for flood zones, wetlands and size.',
  'Run feasibility studies: an hourly energy simulation on real weather and a project cash-flow model.',
  'Keep assumptions per project and run the development work as a task board.',
];

export function GetStartPage() {
  usePageTitle('Welcome');
  return (
    <Box as="main" minH="100vh" bg="orange.50" py={{ base: 10, md: 20 }}>
      <Container maxW="3xl">
        <Stack gap={6}>
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
            Plan solar projects, from site to study
          </Heading>
          <Text fontSize="lg">Sunplot is an open tool for people who plan ground-mounted and commercial solar projects.</Text>
          <List.Root gap={2} ps={5}>
            {features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List.Root>
        </Stack>
      </Container>
    </Box>
  );
}
