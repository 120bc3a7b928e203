import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { guardRoute, matchRoute, type RouteName } from '../../machines/route-guard.ts';
import { PageSkeleton, ShellSkeleton } from '../components/ui/page-skeleton.tsx';
import { SnackbarView } from '../components/ui/snackbar-view.tsx';
import { FeasibilityNotices } from '../features/feasibility/use-feasibility.ts';
import { TaskBoardNotices } from '../features/tasks/use-task-board.ts';
import { GetStartPage } from '../features/landing/getstart-page.tsx';
import { NotFoundPage } from '../features/status/not-found-page.tsx';
import { loadChildMachines } from './actors.ts';
import { useActors, useSession } from '../lib/actors-context.tsx';
import { useRouteTitle } from '../lib/use-page-title.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen takes its own route's params
type Screen = ComponentType<{ params: any }>;

/**
 * A screen loaded on first use: each one (and the map, chart and drawing code only it needs) is its own chunk,
 * so the landing page downloads none of them.
 */
function lazyScreen<K extends string>(load: () => Promise<Record<K, Screen>>, name: K): Screen {
  return lazy<Screen>(async () => ({ default: (await withScreenRecipes(load()))[name] }));
}

/**
 * What lazily loaded code needs before it renders: the recipes of the components only later screens use, and the
 * child machines a screen may spawn (opening a project, starting a checkout).
 */
const loadScreenRecipes = () => import('../components/ui/screen-recipes.ts');
async function withScreenRecipes<T>(module: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([module, loadScreenRecipes(), loadChildMachines()]);
  return loaded;
}

const AuthPage = lazyScreen(() => import('../features/auth/auth-page.tsx'), 'AuthPage');
const ProjectsPage = lazyScreen(() => import('../features/projects/projects-page.tsx'), 'ProjectsPage');

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

// The landing page is the first screen of every visitor, so it comes with the app instead of after it.
const screens: Record<RouteName, Screen> = {
  getStart: GetStartPage,
  login: AuthPage,
  signup: AuthPage,
  resetPassword: lazyScreen(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage'),
  forgotPassword: lazyScreen(() => import('../features/auth/forgot-password-page.tsx'), 'ForgotPasswordPage'),
  verify: lazyScreen(() => import('../features/auth/verify-page.tsx'), 'VerifyPage'),
  terms: lazyScreen(() => import('../features/legal/terms-page.tsx'), 'TermsPage'),
  policies: lazyScreen(() => import('../features/legal/policies-page.tsx'), 'PoliciesPage'),
  paymentStatus: lazyScreen(() => import('../features/status/payment-status-page.tsx'), 'PaymentStatusPage'),
  responseError: lazyScreen(() => import('../features/status/error-page.tsx'), 'ErrorPage'),
  home: ProjectsPage,
  projects: ProjectsPage,
  projectAdd: lazyScreen(() => import('../features/projects/project-add-page.tsx'), 'ProjectAddPage'),
  projectDetail: lazyScreen(async () => {
    const [{ ProjectDetailPage }, { StudiesSection }, { TasksSection }] = await Promise.all([
      import('../features/projects/project-detail-page.tsx'),
      import('../features/feasibility/studies-section.tsx'),
      import('../features/tasks/tasks-section.tsx'),
    ]);
    return {
      ProjectDetailPage: (props: { params: { id: string } }) => (
        <ProjectDetailPage {...props} studies={(project) => <StudiesSection project={project} />} tasks={(project) => <TasksSection project={project} />} />
      ),
    };
  }, 'ProjectDetailPage'),
  account: lazyScreen(() => import('../features/account/account-page.tsx'), 'AccountPage'),
  subscription: lazyScreen(() => import('../features/billing/subscription-page.tsx'), 'SubscriptionPage'),
  invoices: lazyScreen(() => import('../features/billing/invoices-page.tsx'), 'InvoicesPage'),
  stripe: lazyScreen(() => import('../features/billing/checkout-page.tsx'), 'CheckoutPage'),
  paymentSuccess: lazyScreen(() => import('../features/billing/payment-success-page.tsx'), 'PaymentSuccessPage'),
  projectEdit: lazyScreen(() => import('../features/projects/project-edit-page.tsx'), 'ProjectEditPage'),
  feasibilityDetail: lazyScreen(() => import('../features/feasibility/study-page.tsx'), 'StudyPage'),
  taskDetail: lazyScreen(() => import('../features/tasks/task-page.tsx'), 'TaskPage'),
  projectSettings: lazyScreen(() => import('../features/settings/project-settings-page.tsx'), 'ProjectSettingsPage'),
  projectMap: lazyScreen(() => import('../features/map/project-map-page.tsx'), 'ProjectMapPage'),
};

/** Follows the session: asks the route guard on every render and renders the matched screen, or redirects. */
export function App() {
  const [location, navigate] = useLocation();
  const { store } = useActors();
  const settling = useSession((s) => s.matches('booting') || s.matches('enteringApp'));
  const hasAccessToken = useSession((s) => s.context.accessToken !== null);
  const hasProject = useSession((s) => s.context.hasProject);
  const { redirect } = guardRoute(location, { hasAccessToken, project: hasAccessToken ? (hasProject ? 'true' : 'false') : null, temp: store.read().temp });
  const match = matchRoute(location);
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
      <FeasibilityNotices />
      <TaskBoardNotices />
    </>
  );
}
