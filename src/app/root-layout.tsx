import { Avatar, Box, Button, Container, Flex, HStack, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import { guardRoute } from '../../machines/route-guard.ts';
import { useActors, useSession } from './actors-context.tsx';

const links = [
  { href: '/project', label: 'Projects' },
  { href: '/account', label: 'Account' },
];

/**
 * Whether the route guard lets the user open a path now. While a first project is required it sends every screen but
 * /project/add back there, so a link to one of them would only bounce.
 */
function useReachable() {
  const { store } = useActors();
  const hasAccessToken = useSession((s) => s.context.accessToken !== null);
  const hasProject = useSession((s) => s.context.hasProject);
  const session = { hasAccessToken, project: hasAccessToken ? (hasProject ? ('true' as const) : ('false' as const)) : null, temp: store.read().temp };
  return (path: string) => guardRoute(path, session).redirect === undefined;
}

/** The frame of every authenticated screen: brand, navigation, account and logout. */
export function RootLayout({ children }: { children: ReactNode }) {
  const { session } = useActors();
  const [location] = useLocation();
  const user = useSession((s) => s.context.user);
  const loggingOut = useSession((s) => s.matches('loggingOut'));
  const reachable = useReachable();
  const shown = links.filter((link) => reachable(link.href));
  const held = links.filter((link) => !reachable(link.href));
  const brand = '☀ Sunplot';
  return (
    <Box minH="100vh" bg="gray.50">
      <Box as="header" bg="white" borderBottomWidth="1px">
        <Container maxW="6xl" px={{ base: 3, md: 6 }}>
          <Flex h="14" align="center" gap={{ base: 2, md: 6 }}>
            {reachable('/project') ? (
              <Link asChild fontWeight="bold" color="orange.700" whiteSpace="nowrap">
                <RouterLink href="/project">{brand}</RouterLink>
              </Link>
            ) : (
              <Text fontWeight="bold" color="orange.700" whiteSpace="nowrap">
                {brand}
              </Text>
            )}
            <HStack as="nav" aria-label="Main" gap={{ base: 2, md: 4 }} flex="1" minW={0}>
              {shown.map((link) => (
                <Link key={link.href} asChild fontWeight={location.startsWith(link.href) ? 'semibold' : 'normal'} aria-current={location.startsWith(link.href) ? 'page' : undefined}>
                  <RouterLink href={link.href}>{link.label}</RouterLink>
                </Link>
              ))}
              {held.length > 0 && (
                <Text fontSize="xs" color="fg.muted" lineClamp={2}>
                  {held.map((link) => link.label).join(' and ')} open once your first project is created.
                </Text>
              )}
            </HStack>
            {user && (
              <Avatar.Root size="xs" display={{ base: 'none', sm: 'flex' }}>
                <Avatar.Fallback name={user.name} />
                {user.media_preview && <Avatar.Image src={user.media_preview} alt="" />}
              </Avatar.Root>
            )}
            <Button size="sm" variant="outline" loading={loggingOut} onClick={() => session.send({ type: 'session.logout' })}>
              Log out
            </Button>
          </Flex>
        </Container>
      </Box>
      <Container as="main" maxW="6xl" px={{ base: 3, md: 6 }} py={{ base: 4, md: 8 }}>
        {children}
      </Container>
    </Box>
  );
}
