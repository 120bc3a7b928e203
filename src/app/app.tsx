import { Center, Spinner } from '@chakra-ui/react';
import { useEffect, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import { guardRoute, matchRoute, type RouteName } from '../../machines/route-guard.ts';
import { QuestionDialog } from '../components/ui/question-dialog.tsx';
import { SnackbarView } from '../components/ui/snackbar-view.tsx';
import { StatusPanel } from '../components/ui/status-panel.tsx';
import { AccountPage } from '../features/account/account-page.tsx';
import { AuthPage } from '../features/auth/auth-page.tsx';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { VerifyPage } from '../features/auth/verify-page.tsx';
import { GetStartPage } from '../features/landing/getstart-page.tsx';
import { PoliciesPage } from '../features/legal/policies-page.tsx';
import { TermsPage } from '../features/legal/terms-page.tsx';
import { FeasibilityNotices } from '../features/feasibility/use-feasibility.ts';
import { StudiesSection } from '../features/feasibility/studies-section.tsx';
import { StudyPage } from '../features/feasibility/study-page.tsx';
import { ProjectMapPage } from '../features/map/project-map-page.tsx';
import { ProjectAddPage } from '../features/projects/project-add-page.tsx';
import { ProjectDetailPage } from '../features/projects/project-detail-page.tsx';
import { ProjectEditPage } from '../features/projects/project-edit-page.tsx';
import { ProjectsPage } from '../features/projects/projects-page.tsx';
import { ProjectSettingsPage } from '../features/settings/project-settings-page.tsx';
import { ErrorPage } from '../features/status/error-page.tsx';
import { NotFoundPage } from '../features/status/not-found-page.tsx';
import { PaymentStatusPage } from '../features/status/payment-status-page.tsx';
import { useActors, useSession } from './actors-context.tsx';
import { RootLayout } from './root-layout.tsx';
import { useRouteTitle } from './use-page-title.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen takes its own route's params
type Screen = ComponentType<{ params: any }>;

function NotYetAvailable() {
  return <StatusPanel title="Not available yet" message="This part of Sunplot is still being built." action={{ label: 'Back to projects', href: '/project' }} />;
}

const screens: Record<RouteName, Screen> = {
  getStart: GetStartPage,
  login: AuthPage,
  signup: AuthPage,
  resetPassword: ResetPasswordPage,
  forgotPassword: ForgotPasswordPage,
  verify: VerifyPage,
  terms: TermsPage,
  policies: PoliciesPage,
  paymentStatus: PaymentStatusPage,
  responseError: ErrorPage,
  home: ProjectsPage,
  projects: ProjectsPage,
  projectAdd: ProjectAddPage,
  projectDetail: (props) => <ProjectDetailPage {...props} studies={(project) => <StudiesSection project={project} />} />,
  account: AccountPage,
  subscription: NotYetAvailable,
  invoices: NotYetAvailable,
  stripe: NotYetAvailable,
  paymentSuccess: NotYetAvailable,
  projectEdit: ProjectEditPage,
  feasibilityDetail: StudyPage,
  taskDetail: NotYetAvailable,
  projectSettings: ProjectSettingsPage,
  projectMap: ProjectMapPage,
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

  let content;
  if (settling || redirect) {
    content = (
      <Center minH="100vh">
        <Spinner size="lg" aria-label="Loading" />
      </Center>
    );
  } else if (!match) {
    content = <NotFoundPage />;
  } else {
    const Screen = screens[match.route.name];
    content = match.route.access === 'authenticated' ? <RootLayout>{<Screen params={match.params} />}</RootLayout> : <Screen params={match.params} />;
  }
  return (
    <>
      {content}
      <SnackbarView />
      <QuestionDialog />
      <FeasibilityNotices />
    </>
  );
}
