import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { PageSkeleton, ShellSkeleton } from '../components/ui/page-skeleton.tsx';
import { SnackbarView } from '../components/ui/snackbar-view.tsx';
import { NotFoundPage } from '../features/status/not-found-page.tsx';
import { useActors } from '../lib/actors-context.tsx';
import { useRouteTitle } from '../lib/use-page-title.ts';
import { ScreenCommitted } from '../prerender/hydration.ts';
import { screens, withScreenRecipes } from './routes.tsx';
import { useGuard } from './use-guard.ts';

// The frame of the signed-in screens and the question dialog, with their menus, avatar and focus trap, load when first needed.
const loadRootLayout = () => withScreenRecipes(import('./root-layout.tsx'));
const RootLayout = lazy(async () => ({ default: (await loadRootLayout()).RootLayout }));
const QuestionDialog = lazy(async () => ({ default: (await withScreenRecipes(import('../components/ui/question-dialog.tsx'))).QuestionDialog }));
const PresetModal = lazy(async () => ({ default: (await withScreenRecipes(import('../features/settings/preset-modal.tsx'))).PresetModal }));

/**
 * The views of the modal actor (spec §3 modal state), each mounted once the actor first enters one of its states and
 * kept for its closing animation: delete and confirm ask a question, setting shows a settings preset.
 */
function LazyModal({ states, children }: { states: ('delete' | 'confirm' | 'setting')[]; children: ReactNode }) {
  const { modal } = useActors();
  const open = useSelector(modal, (s) => states.some((state) => s.matches(state)));
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  return needed ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Follows the session: asks the route guard on every render and renders the matched screen, or redirects. */
export function App() {
  const [location, navigate] = useLocation();
  const { settling, redirect, match, signedIn: hasAccessToken } = useGuard(location);
  useRouteTitle(match?.route.title ?? 'Not Found');

  useEffect(() => {
    if (!settling && redirect) navigate(redirect, { replace: true });
  }, [settling, redirect, navigate]);
  // Signed in: fetch the frame while the session settles, so it does not wait in line before the screen.
  useEffect(() => {
    if (hasAccessToken) void loadRootLayout();
  }, [hasAccessToken]);

  let content;
  if (settling || redirect) {
    content = hasAccessToken ? <ShellSkeleton /> : <PageSkeleton standalone />;
  } else if (!match) {
    content = <NotFoundPage />;
  } else {
    const Screen = screens[match.route.name];
    const signedIn = match.route.access === 'authenticated';
    const screen = (
      <Suspense fallback={<PageSkeleton standalone={!signedIn} />}>
        <Screen params={match.params} />
        <ScreenCommitted />
      </Suspense>
    );
    content = signedIn ? (
      <Suspense fallback={<ShellSkeleton />}>
        <RootLayout>{screen}</RootLayout>
      </Suspense>
    ) : (
      screen
    );
  }
  return (
    <>
      {content}
      <SnackbarView />
      <LazyModal states={['delete', 'confirm']}>
        <QuestionDialog />
      </LazyModal>
      <LazyModal states={['setting']}>
        <PresetModal />
      </LazyModal>
    </>
  );
}
