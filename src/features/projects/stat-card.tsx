import { Box, Card, Skeleton, Stat } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  icon: LucideIcon;
  /** Null while loading: a skeleton holds its place. */
  value: ReactNode | null;
  help?: ReactNode;
}

/** One figure with its icon and label, on a card; the help line is a <dd> too, so the list stays a valid <dl>. */
export function StatCard({ label, icon: Icon, value, help }: StatCardProps) {
  return (
    <Card.Root size="sm" variant="outline" bg="bg.panel">
      <Card.Body>
        <Stat.Root gap={1}>
          <Stat.Label display="flex" alignItems="center" gap={2} color="fg.muted">
            <Box as="span" display="inline-flex" p={1.5} rounded="md" bg="colorPalette.subtle" color="colorPalette.fg" colorPalette="brand" aria-hidden>
              <Icon size={16} />
            </Box>
            {label}
          </Stat.Label>
          <Stat.ValueText fontSize={{ base: 'xl', md: '2xl' }} wordBreak="break-word">
            {value ?? <Skeleton h="7" w="20" />}
          </Stat.ValueText>
          {help && (
            <Stat.HelpText asChild color="fg.muted">
              <dd>{help}</dd>
            </Stat.HelpText>
          )}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
