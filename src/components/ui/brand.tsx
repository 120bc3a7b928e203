import { Box, HStack, Text } from '@chakra-ui/react';
import { Sun } from 'lucide-react';

/** The logo: a sun on a warm tile, then the name (only for screen readers when `compact`). The text names it. */
export function Brand({ size = 'md', compact = false }: { size?: 'md' | 'lg'; compact?: boolean }) {
  const tile = size === 'lg' ? 9 : 7;
  return (
    <HStack gap={2} whiteSpace="nowrap">
      <Box as="span" display="inline-flex" alignItems="center" justifyContent="center" boxSize={tile} rounded="l2" bg="brand.subtle" color="brand.sun" borderWidth="1px" borderColor="brand.border" aria-hidden="true">
        <Sun size={size === 'lg' ? 22 : 18} strokeWidth={2.25} aria-hidden="true" />
      </Box>
      <Text as="span" srOnly={compact} fontWeight="bold" fontSize={size === 'lg' ? 'xl' : 'md'} letterSpacing="-0.02em" color="fg">
        Sunplot
      </Text>
    </HStack>
  );
}
