import { lazy, useState, type ComponentType } from 'react';
import type { RouteName } from '../../machines/route-guard.ts';
import { GetStartPage } from '../features/landing/getstart-page.tsx';
import { loadChildMachines } from './actors.ts';

/**
 * The route table: which screen each route of machines/route-guard.ts shows. The guard (use-guard.ts) decides
 * whether a path may render; this table only says what renders.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen takes its own route's params
export type Screen = ComponentType<{ params: any }> & {
  /** Loads a lazy screen's code, after which it renders at once (src/app/start-app.tsx, before hydrating a page). */
  preload?: () => Promise<unknown>;
};

/**
 * A screen loaded on first use: each one (and the map, chart and drawing code only it needs) is its own chunk,
 * so the landing page downloads none of them. Once loaded it renders without suspending, which a prerendered page
 * needs to hydrate in one pass; each mount keeps the component it started with, so it is never remounted.
 */
function lazyScreen<K extends string>(load: () => Promise<Record<K, Screen>>, name: K): Screen {
  let loaded: Screen | undefined;
  const preload = async () => (loaded = (await withScreenRecipes(load()))[name]);
  const Suspending = lazy<Screen>(async () => ({ default: await preload() }));
  const LazyScreen: Screen = (props) => {
    const [Shown] = useState(() => loaded ?? Suspending);
    return <Shown {...props} />;
  };
  return Object.assign(LazyScreen, { preload });
}

/**
 * What lazily loaded code needs before it renders: the recipes of the components only later screens use, and the
 * child machines a screen may spawn (opening a project, starting a checkout).
 */
const loadScreenRecipes = () => import('../components/ui/screen-recipes.ts');
export async function withScreenRecipes<T>(module: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([module, loadScreenRecipes(), loadChildMachines()]);
  return loaded;
}

const AuthPage = lazyScreen(() => import('../features/auth/auth-page.tsx'), 'AuthPage');
const ProjectsPage = lazyScreen(() => import('../features/projects/projects-page.tsx'), 'ProjectsPage');

// The landing page is the first screen of every visitor, so it comes with the app instead of after it.
export const screens: Record<RouteName, Screen> = {
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
  studyCompare: lazyScreen(async () => {
    const { CompareStudiesPage } = await import('../features/feasibility/compare/compare-page.tsx');
    return { CompareStudiesPage: ({ params }: { params: { id: string; name: string } }) => <CompareStudiesPage projectId={params.id} projectName={params.name} /> };
  }, 'CompareStudiesPage'),
  taskDetail: lazyScreen(() => import('../features/tasks/task-page.tsx'), 'TaskPage'),
  projectSettings: lazyScreen(() => import('../features/settings/project-settings-page.tsx'), 'ProjectSettingsPage'),
  projectMap: lazyScreen(() => import('../features/map/project-map-page.tsx'), 'ProjectMapPage'),
};

