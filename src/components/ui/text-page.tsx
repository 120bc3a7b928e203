import { Box, Card, Container, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';
import { Brand } from './brand.tsx';

export interface TextSection {
  heading: string;
  paragraphs: string[];
}

/** A page of headed paragraphs on a card: the legal texts and other reading pages, with the way back above. */
export function TextPage({ title, updated, sections, footer }: { title: string; updated: string; sections: TextSection[]; footer?: ReactNode }) {
  return (
    <Box minH="100dvh" bg="bg.canvas">
      <Box as="header" borderBottomWidth="1px" bg="bg.panel">
        <Container maxW="3xl" px={{ base: 4, md: 8 }}>
          <Flex h="14" align="center" justify="space-between" gap={4}>
            <Brand />
            <Link asChild color="fg.muted" fontSize="sm">
              <RouterLink href="/">
                <ArrowLeft size={16} aria-hidden="true" />
                Back to Sunplot
              </RouterLink>
            </Link>
          </Flex>
        </Container>
      </Box>
      <Container as="main" maxW="3xl" px={{ base: 4, md: 8 }} py={{ base: 6, md: 12 }}>
        <Stack gap={6}>
          <Stack gap={2}>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
              {title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Last updated {updated}
            </Text>
          </Stack>
          <Card.Root boxShadow="xs">
            <Card.Body gap={8} p={{ base: 5, md: 8 }}>
              {sections.map((section) => (
                <Stack key={section.heading} gap={3}>
                  <Heading as="h2" size="md">
                    {section.heading}
                  </Heading>
                  {section.paragraphs.map((paragraph) => (
                    <Text key={paragraph.slice(0, 40)} color="fg.muted" lineHeight="tall">
                      {paragraph}
                    </Text>
                  ))}
                </Stack>
              ))}
            </Card.Body>
          </Card.Root>
          {footer}
        </Stack>
      </Container>
    </Box>
  );
}
