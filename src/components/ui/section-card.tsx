import { Card, Heading, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/** One titled group on a card: its heading (the section's accessible name) and what it is for, then its content. */
export function SectionCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card.Root as="section" aria-labelledby={id} size="sm" boxShadow="xs" minW={0}>
      <Card.Header gap={1}>
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
      </Card.Header>
      <Card.Body gap={5} minW={0}>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
