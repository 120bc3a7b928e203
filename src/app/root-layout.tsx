import { Avatar, Box, Button, Container, Flex, HStack, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import { useActors, useSession } from './actors-context.tsx';

const links = [
  { href: '/project', label: 'Projects' },
  { href: '/account', label: 'Account' },
];

/** The frame of every authenticated screen: brand, navigation, account and logout. */
export function RootLayout({ children }: { children: ReactNode }) {
  const { session } = useActors();
  const [location] = useLocation();
  const user = useSession((s) => s.context.user);
  const loggingOut = useSession((s) => s.matches('loggingOut'));
  return (
    <Box minH="100vh" bg="gray.50">
      <Box as="header" bg="white" borderBottomWidth="1px">
        <Container maxW="6xl" px={{ base: 3, md: 6 }}>
          <Flex h="14" align="center" gap={{ base: 2, md: 6 }}>
            <Link asChild fontWeight="bold" color="orange.700" whiteSpace="nowrap">
              <RouterLink href="/project">☀ Sunplot</RouterLink>
            </Link>
            <HStack as="nav" aria-label="Main" gap={{ base: 2, md: 4 }} flex="1">
              {links.map((link) => (
                <Link key={link.href} asChild fontWeight={location.startsWith(link.href) ? 'semibold' : 'normal'} aria-current={location.startsWith(link.href) ? 'page' : undefined}>
                  <RouterLink href={link.href}>{link.label}</RouterLink>
                </Link>
              ))}
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
