import { Flex, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A screen's title row: an optional icon, the h1 with an optional badge beside it, an optional description under it,
 * and optional actions on the right. On a narrow screen the actions wrap under the title and a long title breaks
 * inside its own column rather than pushing the row wider than the window.
 */
export function PageHeader({
  title,
  icon: TitleIcon,
  badge,
  description,
  actions,
}: {
  title: ReactNode;
  icon?: LucideIcon;
  badge?: ReactNode;
  /** A string reads as a muted line; anything else is rendered as given. */
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    // Actions face the title line: centred on it alone, at the top when a description follows it.
    <Flex justify="space-between" align={description ? 'flex-start' : 'center'} wrap="wrap" columnGap={4} rowGap={3}>
      <Stack gap={1} minW={0} flex="1 1 auto" maxW="full">
        <HStack gap={3} align="center" minW={0}>
          {TitleIcon && (
            <Icon asChild boxSize="6" color="brand.fg" flexShrink={0}>
              <TitleIcon aria-hidden />
            </Icon>
          )}
          <Flex align="center" wrap="wrap" columnGap={3} rowGap={1} minW={0}>
            <Heading as="h1" size="2xl" wordBreak="break-word" minW={0}>
              {title}
            </Heading>
            {badge}
          </Flex>
        </HStack>
        {typeof description === 'string' ? <Text color="fg.muted">{description}</Text> : description}
      </Stack>
      {actions && (
        <HStack gap={2} wrap="wrap" flexShrink={0} maxW="full">
          {actions}
        </HStack>
      )}
    </Flex>
  );
}
