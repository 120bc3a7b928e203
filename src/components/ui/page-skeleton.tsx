import { Box, Flex, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';

/**
 * A screen's outline while its code or data loads: a title, a toolbar and a few cards, announced once as loading.
 * `standalone` gives it the page margins a screen outside the signed-in frame has.
 */
export function PageSkeleton({ standalone = false }: { standalone?: boolean }) {
  return (
    <Stack gap={6} role="status" aria-label="Loading" aria-busy="true" {...(standalone && { maxW: '6xl', mx: 'auto', px: { base: 4, md: 8 }, py: { base: 6, md: 12 } })}>
      <Flex justify="space-between" align="center" gap={4}>
        <Skeleton h="8" w={{ base: '40', md: '64' }} />
        <Skeleton h="9" w="28" />
      </Flex>
      <Skeleton h={{ base: '40', md: '64' }} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={4}>
        {[0, 1, 2].map((card) => (
          <Stack key={card} gap={3} p={5} borderWidth="1px" rounded="l3" bg="bg.panel">
            <Skeleton h="5" w="60%" />
            <Skeleton h="4" />
            <Skeleton h="4" w="80%" />
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The signed-in frame while it loads: the sidebar's place on wide screens, the top bar's on phones, then a page. */
export function ShellSkeleton() {
  return (
    <Flex minH="100dvh" bg="bg.canvas" direction={{ base: 'column', md: 'row' }}>
      <Box w={{ base: 'full', md: '60' }} h={{ base: '14', md: 'auto' }} flexShrink={0} bg="bg.panel" borderEndWidth={{ md: '1px' }} borderBottomWidth={{ base: '1px', md: 0 }} />
      <Box flex="1" maxW="8xl" mx="auto" w="full" px={{ base: 3, md: 8 }} py={{ base: 4, md: 8 }}>
        <PageSkeleton />
      </Box>
    </Flex>
  );
}
