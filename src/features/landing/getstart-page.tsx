import { Box, Button, Card, Container, Flex, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Calculator, House, ListChecks, MapPinned, type LucideIcon } from 'lucide-react';
import { Link as RouterLink } from 'wouter';
import { Brand } from '../../components/ui/brand.tsx';
import { ContactForm } from './contact-form.tsx';

const features: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: MapPinned,
    title: 'Screen sites on the map',
    text: 'Outline sites and screen their land parcels for flood zones, wetlands, size and grid distance, with a reason for every verdict.',
  },
  {
    icon: Calculator,
    title: 'Run feasibility studies',
    text: 'An hourly energy simulation on real weather and a project cash-flow model with NPV, IRR, LCOE and payback.',
  },
  {
    icon: House,
    title: 'Value rooftops by their bills',
    text: "A home's or a business's own system against a real utility tariff, hour by hour, under net metering or net billing, with the bills before and after, the savings and the payback.",
  },
  {
    icon: ListChecks,
    title: 'Carry the work through',
    text: 'Keep assumptions per project, and run the development work as a task board from site control to construction.',
  },
];

const example = [
  { label: 'DC size', value: '5.0 MWdc' },
  { label: 'Energy, P50', value: '6,504 MWh/yr' },
  { label: 'Specific yield', value: '1,301 kWh/kWp' },
  { label: 'Capacity factor', value: '14.9 %' },
];
/** Monthly energy of the example, as a share of the best month. */
const months = [0.52, 0.6, 0.78, 0.88, 0.95, 1, 0.98, 0.93, 0.82, 0.7, 0.55, 0.48];

/** What a study shows, as a figure: a few figures and the monthly energy as bars. */
function ExampleStudy() {
  return (
    <Card.Root as="figure" boxShadow="lg" display={{ base: 'none', md: 'flex' }}>
      <Card.Body gap={5}>
        <Flex justify="space-between" align="baseline" gap={3}>
          <Text fontWeight="semibold">Rowan Solar · study 1</Text>
          <Text as="figcaption" fontSize="sm" color="fg.muted">
            An example study
          </Text>
        </Flex>
        <SimpleGrid as="dl" columns={2} gap={4}>
          {example.map(({ label, value }) => (
            <Box key={label} p={3} rounded="l2" bg="bg.muted">
              <Text as="dt" fontSize="xs" color="fg.muted">
                {label}
              </Text>
              <Text as="dd" fontSize="lg" fontWeight="semibold">
                {value}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        <Flex h="24" align="flex-end" gap={1.5} aria-hidden="true">
          {months.map((share, month) => (
            <Box key={month} flex="1" h={`${share * 100}%`} roundedTop="sm" bg="brand.solid" opacity={0.35 + share * 0.65} />
          ))}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** /getstart: what Sunplot does, the way in, and a contact form. Loaded with the app, so it stays light (no motion). */
export function GetStartPage() {
  return (
    <Box minH="100vh" bg="bg.canvas">
      <Box as="header" borderBottomWidth="1px" borderColor="border.muted" bg="bg.panel">
        <Container maxW="6xl" px={{ base: 4, md: 8 }}>
          <Flex h="16" align="center" justify="space-between" gap={4}>
            <Brand />
            <Button asChild variant="outline" size="sm">
              <RouterLink href="/auth/login">Log in</RouterLink>
            </Button>
          </Flex>
        </Container>
      </Box>
      <Box as="main">
        <Box bg="bg.panel" borderBottomWidth="1px" mb={{ base: 10, md: 16 }}>
          <Container maxW="6xl" px={{ base: 4, md: 8 }} py={{ base: 12, md: 20 }}>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: 10, lg: 16 }} alignItems="center">
              <Stack gap={6}>
                <Text fontSize="sm" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
                  For solar developers and planners
                </Text>
                <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1" letterSpacing="-0.03em">
                  Plan solar projects, from site to study
                </Heading>
                <Text fontSize={{ base: 'md', md: 'xl' }} color="fg.muted">
                  Sunplot is an open tool for people who plan ground-mounted and commercial solar projects: find the land, check it, size the plant and know what it earns.
                </Text>
                <HStack gap={3} wrap="wrap">
                  <Button asChild colorPalette="brand" size="lg">
                    <RouterLink href="/auth/login">Log in or sign up</RouterLink>
                  </Button>
                  <Button asChild variant="ghost" size="lg">
                    <a href="#contact">Write to us</a>
                  </Button>
                </HStack>
              </Stack>
              <ExampleStudy />
            </SimpleGrid>
          </Container>
        </Box>
        <Container maxW="6xl" px={{ base: 4, md: 8 }} pb={{ base: 12, md: 20 }}>
          <Stack gap={{ base: 12, md: 20 }}>
            <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 4 }} gap={{ base: 4, md: 6 }} listStyleType="none">
              {features.map(({ icon: Icon, title, text }) => (
                <Card.Root as="li" key={title} boxShadow="xs">
                  <Card.Body gap={3}>
                    <Box display="inline-flex" alignItems="center" justifyContent="center" boxSize={10} rounded="l2" bg="brand.subtle" color="brand.fg" aria-hidden="true">
                      <Icon size={20} aria-hidden="true" />
                    </Box>
                    <Heading as="h2" size="md">
                      {title}
                    </Heading>
                    <Text color="fg.muted">{text}</Text>
                  </Card.Body>
                </Card.Root>
              ))}
            </SimpleGrid>
            <SimpleGrid id="contact" columns={{ base: 1, lg: 5 }} gap={{ base: 6, lg: 12 }} scrollMarginTop={6}>
              <Stack gap={3} gridColumn={{ lg: 'span 2' }}>
                <Heading as="h2" size="2xl">
                  Questions about a project?
                </Heading>
                <Text color="fg.muted">Tell us what you are planning, or what Sunplot should do next. We answer every message, usually within two working days.</Text>
              </Stack>
              <Card.Root gridColumn={{ lg: 'span 3' }} boxShadow="sm">
                <Card.Body>
                  <ContactForm />
                </Card.Body>
              </Card.Root>
            </SimpleGrid>
          </Stack>
        </Container>
      </Box>
      <Box as="footer" borderTopWidth="1px" bg="bg.panel">
        <Container maxW="6xl" px={{ base: 4, md: 8 }} py={6}>
          <Flex direction={{ base: 'column', sm: 'row' }} gap={4} justify="space-between" align={{ base: 'flex-start', sm: 'center' }}>
            <Text fontSize="sm" color="fg.muted">
              Sunplot · open-source solar project planning
            </Text>
            <HStack gap={5} fontSize="sm">
              <Link asChild color="fg.muted">
                <RouterLink href="/terms">Terms and conditions</RouterLink>
              </Link>
              <Link asChild color="fg.muted">
                <RouterLink href="/policies">Privacy policy</RouterLink>
              </Link>
            </HStack>
          </Flex>
        </Container>
      </Box>
    </Box>
  );
}
