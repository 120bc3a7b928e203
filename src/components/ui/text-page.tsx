import { Box, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';

export interface TextSection {
  heading: string;
  paragraphs: string[];
}

/** A page of headed paragraphs: the legal texts and other reading pages. */
export function TextPage({ title, updated, sections, footer }: { title: string; updated: string; sections: TextSection[]; footer?: ReactNode }) {
  return (
    <Box as="main" py={{ base: 6, md: 12 }}>
      <Container maxW="3xl">
        <Stack gap={5}>
          <Link asChild color="orange.700" fontSize="sm">
            <RouterLink href="/">← Sunplot</RouterLink>
          </Link>
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Last updated {updated}
          </Text>
          {sections.map((section) => (
            <Stack key={section.heading} gap={2}>
              <Heading as="h2" size="md">
                {section.heading}
              </Heading>
              {section.paragraphs.map((paragraph) => (
                <Text key={paragraph.slice(0, 40)}>{paragraph}</Text>
              ))}
            </Stack>
          ))}
          {footer}
        </Stack>
      </Container>
    </Box>
  );
}
