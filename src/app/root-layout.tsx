import { Avatar, Box, Button, CloseButton, Drawer, Flex, HStack, IconButton, Link, Portal, SkipNavLink, Stack, Text } from '@chakra-ui/react';
import { CreditCard, FolderKanban, LogOut, Menu, UserRound, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import { Brand } from '../components/ui/brand.tsx';
import { ColorModeToggle } from '../components/ui/color-mode-toggle.tsx';
import { InShell } from '../components/ui/shell-context.ts';
import { getAccount } from '../features/account/api/account.ts';
import { useActors, useSession } from '../lib/actors-context.tsx';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { ScreenTransition } from './screen-transition.tsx';
import { useReachable } from './use-guard.ts';

interface NavLink {
  href: string;
  label: string;
  icon: LucideIcon;
}

const projects: NavLink = { href: '/project', label: 'Projects', icon: FolderKanban };
const subscription: NavLink = { href: '/subscription', label: 'Subscription', icon: CreditCard };
const account: NavLink = { href: '/account', label: 'Account', icon: UserRound };

const mainContentId = 'main-content';
const sidebarWidth = '60';

/**
 * The user the frame shows (name, photo, whether billing is on). A login brings it; after a page load the session has
 * only its tokens, so the frame asks for the account once.
 */
function useAccountLoaded() {
  const { api, session } = useActors();
  const missing = useSession((s) => s.context.user === null);
  useEffect(() => {
    if (!missing) return;
    const controller = new AbortController();
    getAccount(api, { signal: controller.signal })
      .then((account) => session.send({ type: 'account.update', account }))
      .catch(() => undefined); // The frame works without it; the account page reports its own failure.
    return () => controller.abort();
  }, [api, session, missing]);
}

/** Chakra's `md` breakpoint (48rem): the sidebar from there on, the top bar and drawer below. */
const desktopQuery = '(min-width: 48rem)';

/** The frame of every authenticated screen: brand, navigation, colour mode, the user and logout. */
export function RootLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  useAccountLoaded();
  const reachable = useReachable();
  const billing = useSession((s) => s.context.user?.show_subscription ?? false);
  const desktop = useMediaQuery(desktopQuery);
  const links = billing ? [projects, subscription, account] : [projects, account];
  const shown = links.filter((link) => reachable(link.href));
  const held = [projects, account].filter((link) => !reachable(link.href));
  const heldNote = held.length > 0 && (
    <Text fontSize="xs" color="fg.muted" lineClamp={{ base: 2, md: 'none' }}>
      {held.map((link) => link.label).join(' and ')} open once your first project is created.
    </Text>
  );
  const brand = <BrandLink linked={reachable(projects.href)} compact={!desktop} />;

  // The frame is at least a screen tall and grows with the page, so its background and the sidebar's run to the
  // bottom of a long page (and under a modal's backdrop); the sidebar's contents stay in view, scrolling on their own.
  return (
    <Flex direction={desktop ? 'row' : 'column'} minH="100dvh" bg="bg.canvas" data-testid="app-shell">
      <SkipNavLink id={mainContentId}>Skip to content</SkipNavLink>
      {desktop ? (
        <Box as="header" flexShrink={0} w={sidebarWidth} bg="bg.panel" borderEndWidth="1px" data-testid="app-sidebar">
          <Flex direction="column" position="sticky" top={0} h="100dvh" overflowY="auto" px={3} py={5} gap={6}>
            <Box px={2}>{brand}</Box>
            {heldNote && <Box px={3}>{heldNote}</Box>}
            <MainNav links={shown} location={location} label="Main" />
            <Stack mt="auto" gap={3}>
              <ColorModeToggle />
              <UserCard />
            </Stack>
          </Flex>
        </Box>
      ) : (
        <Flex as="header" position="sticky" top={0} zIndex="sticky" h="14" flexShrink={0} px={3} gap={3} align="center" bg="bg.panel" borderBottomWidth="1px">
          {brand}
          <Box flex="1" minW={0}>
            {heldNote || <MainNav links={shown.filter((link) => link !== subscription)} location={location} label="Main" direction="row" />}
          </Box>
          <MenuDrawer links={shown} location={location} />
        </Flex>
      )}
      <Box flex="1" minW={0}>
        <Box as="main" id={mainContentId} tabIndex={-1} outline="none" maxW="8xl" mx="auto" px={{ base: 3, md: 8 }} py={{ base: 4, md: 8 }}>
          <ScreenTransition path={location}>
            <InShell.Provider value>{children}</InShell.Provider>
          </ScreenTransition>
        </Box>
      </Box>
    </Flex>
  );
}

/** The brand, leading to the projects unless the route guard would send the user back. */
function BrandLink({ linked, compact }: { linked: boolean; compact: boolean }) {
  if (!linked) return <Brand compact={compact} />;
  return (
    <Link asChild rounded="l2" focusVisibleRing="outside" _hover={{ textDecoration: 'none' }}>
      <RouterLink href={projects.href}>
        <Brand compact={compact} />
      </RouterLink>
    </Link>
  );
}

/** The links, each with its icon, the current one marked for the eye and for screen readers (aria-current). */
function MainNav({ links, location, label, direction = 'column', onNavigate }: { links: NavLink[]; location: string; label: string; direction?: 'row' | 'column'; onNavigate?: () => void }) {
  const row = direction === 'row';
  return (
    <Flex as="nav" aria-label={label} direction={direction} gap={1}>
      {links.map(({ href, label, icon: Icon }) => {
        const current = location === href || location.startsWith(`${href}/`);
        return (
          <Link
            key={href}
            asChild
            display="flex"
            alignItems="center"
            gap={row ? 1.5 : 3}
            px={row ? 2 : 3}
            py={row ? 1.5 : 2}
            rounded="l2"
            fontSize="sm"
            fontWeight="medium"
            color="fg.muted"
            textDecoration="none"
            focusVisibleRing="outside"
            _hover={{ bg: 'bg.muted', color: 'fg', textDecoration: 'none' }}
            _currentPage={{ bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' }}
            aria-current={current ? 'page' : undefined}
            onClick={onNavigate}
          >
            <RouterLink href={href}>
              <Icon size={row ? 15 : 18} aria-hidden="true" style={{ flexShrink: 0 }} />
              {label}
            </RouterLink>
          </Link>
        );
      })}
    </Flex>
  );
}

/** Who is logged in, and the way out. */
function UserCard() {
  const { session } = useActors();
  const user = useSession((s) => s.context.user);
  const loggingOut = useSession((s) => s.matches('loggingOut'));
  return (
    <Stack gap={3} borderTopWidth="1px" pt={3}>
      {user && (
        <HStack gap={3} px={1} minW={0}>
          <Avatar.Root size="sm" colorPalette="brand">
            <Avatar.Fallback name={user.name} />
            {user.media_preview && <Avatar.Image src={user.media_preview} alt="" />}
          </Avatar.Root>
          <Box minW={0}>
            <Text fontSize="sm" fontWeight="medium" truncate>
              {user.name}
            </Text>
            <Text fontSize="xs" color="fg.muted" truncate>
              {user.email}
            </Text>
          </Box>
        </HStack>
      )}
      <Button size="sm" variant="outline" justifyContent="flex-start" gap={3} loading={loggingOut} onClick={() => session.send({ type: 'session.logout' })}>
        <LogOut size={16} aria-hidden="true" />
        Log out
      </Button>
    </Stack>
  );
}

/** On phones: the whole menu (every link, colour mode, the user and logout) in a drawer from the start edge. */
function MenuDrawer({ links, location }: { links: NavLink[]; location: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="start" size="xs">
      <Drawer.Trigger asChild>
        {/* No open-state fill: under the backdrop it would show as a grey stub beside the drawer. */}
        <IconButton variant="ghost" size="sm" aria-label="Menu" _expanded={{ bg: 'transparent' }}>
          <Menu size={20} aria-hidden="true" />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content bg="bg.panel">
            {/* The same 56 px row and bottom border as the top bar it covers, so the bar's line runs on under the backdrop. */}
            <Drawer.Header minH="14" py={0} alignItems="center" borderBottomWidth="1px">
              <Drawer.Title>
                <Brand />
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body pt={4}>
              <MainNav links={links} location={location} label="Menu" onNavigate={() => setOpen(false)} />
            </Drawer.Body>
            <Drawer.Footer>
              <Stack gap={3} w="full">
                <ColorModeToggle />
                <UserCard />
              </Stack>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild top="2.5">
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
