import { EmptyState, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface EmptyPanelProps {
  /** A lucide icon, marked aria-hidden. */
  icon: ReactNode;
  title: string;
  /** What the list will hold and how to start it. */
  description: string;
  /** The next step: a button or link. */
  children?: ReactNode;
  size?: 'sm' | 'md';
}

/** An empty list's place: a dashed panel saying what belongs here and offering the next step. */
export function EmptyPanel({ icon, title, description, children, size = 'sm' }: EmptyPanelProps) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" rounded="l3" bg="bg.panel" size={size}>
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.fg">{icon}</EmptyState.Indicator>
        <Stack gap={1} textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description maxW="md">{description}</EmptyState.Description>
        </Stack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
