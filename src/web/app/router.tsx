import { lazy, memo, Suspense, useState, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Spinner } from '#web/ui/spinner.js';
import { PublicLayout } from './public-layout.js';
import { rememberReturnPath } from '#web/lib/return-path.js';
import { decideRoute, isReturnWorthy } from '#web/lib/route-rules.js';
import { useSession } from '#web/lib/session.js';

// Signed-in layouts (and the tooltips they use) stay out of the entry that visitors download.
const SidebarLayout = lazy(async () => ({ default: (await import('./sidebar-layout.js')).SidebarLayout }));
const AdminLayout = lazy(async () => ({ default: (await import('./admin-layout.js')).AdminLayout }));

type Page = ComponentType & { preload: () => Promise<void> };

/**
 * A page in its own chunk. `preload()` fetches it ahead of rendering: a prerendered page is hydrated only once
 * its code is here (main.tsx), so hydration never suspends on it. A boundary that suspends while hydrating
 * and then receives an update (the session check answering) is thrown away and rendered again from scratch.
 */
const page = <T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T): Page => {
  let loaded: ComponentType | undefined;
  const resolve = async () => (loaded = (await load())[name] as ComponentType);
  const Lazy = lazy(async () => ({ default: await resolve() }));
  function LoadedOrLazy() {
    // Chosen once per mount: switching component types later would remount the page.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(LoadedOrLazy, { preload: async () => void (await resolve()) });
};

// Every page is its own chunk: the entry carries the shell only.
const site = () => import('#web/features/site/landing-page.js');
const Landing = page(site, 'LandingPage');
const Pricing = page(() => import('#web/features/site/pricing-page.js'), 'PricingPage');
const Legal = () => import('#web/features/site/legal-pages.js');
const Privacy = page(Legal, 'PrivacyPage');
const Terms = page(Legal, 'TermsPage');
const LegalNotice = page(Legal, 'LegalNoticePage');
const Offline = page(() => import('#web/features/site/offline-page.js'), 'OfflinePage');
const InstallGuide = page(() => import('#web/features/site/install-guide-page.js'), 'InstallGuidePage');
const NotFound = page(() => import('#web/features/site/not-found-page.js'), 'NotFoundPage');
const Login = page(() => import('#web/features/auth/login-page.js'), 'LoginPage');
const Register = page(() => import('#web/features/auth/register-page.js'), 'RegisterPage');
const VerifyEmail = page(() => import('#web/features/auth/verify-email-page.js'), 'VerifyEmailPage');
const AdminSetup = page(() => import('#web/features/admin/admin-setup-page.js'), 'AdminSetupPage');
const AdminHome = page(() => import('#web/features/admin/admin-home-page.js'), 'AdminHomePage');
const AdminDocuments = page(() => import('#web/features/admin/documents-page.js'), 'AdminDocumentsPage');
const AdminDrivers = page(() => import('#web/features/admin/drivers-page.js'), 'AdminDriversPage');
const AdminDriver = page(() => import('#web/features/admin/driver-page.js'), 'AdminDriverPage');
const AdminSubscriptions = page(
  () => import('#web/features/admin/subscriptions-page.js'),
  'AdminSubscriptionsPage',
);
const AdminReviewReports = page(
  () => import('#web/features/admin/review-reports-page.js'),
  'AdminReviewReportsPage',
);
const Wallet = page(() => import('#web/features/wallet/wallet-page.js'), 'WalletPage');
const MissionPayment = page(() => import('#web/features/payments/payment-page.js'), 'MissionPaymentPage');
const BillingDetails = page(
  () => import('#web/features/payments/billing-details-page.js'),
  'BillingDetailsPage',
);
const MissionTracking = page(() => import('#web/features/tracking/tracking-page.js'), 'MissionTrackingPage');
const DeliveryTracking = page(
  () => import('#web/features/tracking/delivery-tracking-page.js'),
  'DeliveryTrackingPage',
);
const MissionReview = page(() => import('#web/features/reviews/review-page.js'), 'MissionReviewPage');
const Subscription = page(() => import('#web/features/billing/subscription-page.js'), 'SubscriptionPage');
const Dashboard = page(() => import('#web/features/dashboard/dashboard-page.js'), 'DashboardPage');
const Explorer = page(() => import('#web/features/missions/explorer-page.js'), 'ExplorerPage');
const Missions = page(() => import('#web/features/missions/missions-page.js'), 'MissionsPage');
const RecurringMissions = page(
  () => import('#web/features/missions/recurring-page.js'),
  'RecurringMissionsPage',
);
const Messages = page(() => import('#web/features/messaging/messages-page.js'), 'MessagesPage');
const Alerts = page(() => import('#web/features/messaging/alerts-page.js'), 'AlertsPage');
const DriverMap = page(() => import('#web/features/missions/driver-map-page.js'), 'DriverMapPage');
const MissionHistory = page(() => import('#web/features/missions/history-page.js'), 'MissionHistoryPage');
const MissionDetail = page(
  () => import('#web/features/missions/mission-detail-page.js'),
  'MissionDetailPage',
);
const PublicProfile = page(() => import('#web/features/profile/public-profile-page.js'), 'PublicProfilePage');
const Profile = page(() => import('#web/features/profile/profile-page.js'), 'ProfilePage');
const account = () => import('#web/features/account/settings-page.js');
const Settings = page(account, 'SettingsPage');
const Documents = page(() => import('#web/features/documents/documents-page.js'), 'DocumentsPage');
const ForgotPassword = page(
  () => import('#web/features/account/forgot-password-page.js'),
  'ForgotPasswordPage',
);
const ResetPassword = page(() => import('#web/features/account/reset-password-page.js'), 'ResetPasswordPage');
const ConfirmEmail = page(() => import('#web/features/account/confirm-email-page.js'), 'ConfirmEmailPage');
const Unsubscribe = page(() => import('#web/features/messaging/unsubscribe-page.js'), 'UnsubscribePage');
const Demo = page(() => import('#web/features/demo/demo-page.js'), 'DemoPage');
const Availability = page(
  () => import('#web/features/availability/availability-page.js'),
  'AvailabilityPage',
);
const Analytics = page(() => import('#web/features/analytics/analytics-page.js'), 'AnalyticsPage');
const ReportBug = page(() => import('#web/features/bug-reports/report-bug-page.js'), 'ReportBugPage');
const AdminBugReports = page(() => import('#web/features/admin/bug-reports-page.js'), 'AdminBugReportsPage');
const AdminUsers = page(() => import('#web/features/admin/users-page.js'), 'AdminUsersPage');
const AdminUser = page(() => import('#web/features/admin/user-page.js'), 'AdminUserPage');
const AdminMissions = page(() => import('#web/features/admin/missions-page.js'), 'AdminMissionsPage');
const AdminMission = page(() => import('#web/features/admin/mission-page.js'), 'AdminMissionPage');
const AdminSettings = page(() => import('#web/features/admin/settings-page.js'), 'AdminSettingsPage');
const AdminTariffs = page(() => import('#web/features/admin/tariffs-page.js'), 'AdminTariffsPage');
const AdminJournal = page(() => import('#web/features/admin/journal-page.js'), 'AdminJournalPage');
const AdminAdministrators = page(
  () => import('#web/features/admin/administrators-page.js'),
  'AdminAdministratorsPage',
);
const AdminSecurity = page(() => import('#web/features/admin/security-page.js'), 'AdminSecurityPage');
const AdminInvitation = page(() => import('#web/features/admin/invitation-page.js'), 'AdminInvitationPage');
const help = () => import('#web/features/help/help-pages.js');
const DriverHelp = page(help, 'DriverHelpPage');
const TransporterHelp = page(help, 'TransporterHelpPage');

const Pages = memo(function Pages() {
  return (
    <Switch>
      <Route path="/" component={Landing} />
      <Route path="/pricing" component={Pricing} />
      <Route path="/privacy" component={Privacy} />
      <Route path="/cgu-cgv" component={Terms} />
      <Route path="/mentions-legales" component={LegalNotice} />
      <Route path="/offline" component={Offline} />
      <Route path="/installer-pwa" component={InstallGuide} />
      <Route path="/login" component={Login} />
      <Route path="/register" component={Register} />
      <Route path="/verify-email" component={VerifyEmail} />
      <Route path="/mot-de-passe-oublie" component={ForgotPassword} />
      <Route path="/reinitialiser-mot-de-passe" component={ResetPassword} />
      <Route path="/confirmer-email" component={ConfirmEmail} />
      <Route path="/desabonnement" component={Unsubscribe} />
      <Route path="/explorer" component={Explorer} />
      <Route path="/profile/:id" component={PublicProfile} />
      <Route path="/demo" component={Demo} />
      <Route path="/demo/login" component={Demo} />
      <Route path="/admin/setup" component={AdminSetup} />
      <Route path="/admin/documents" component={AdminDocuments} />
      <Route path="/admin/chauffeurs" component={AdminDrivers} />
      <Route path="/admin/chauffeurs/:id" component={AdminDriver} />
      <Route path="/admin/abonnements" component={AdminSubscriptions} />
      <Route path="/admin/avis" component={AdminReviewReports} />
      <Route path="/admin/signalements" component={AdminBugReports} />
      <Route path="/admin/utilisateurs" component={AdminUsers} />
      <Route path="/admin/utilisateurs/:id" component={AdminUser} />
      <Route path="/admin/missions" component={AdminMissions} />
      <Route path="/admin/missions/:id" component={AdminMission} />
      <Route path="/admin/parametres" component={AdminSettings} />
      <Route path="/admin/tarifs" component={AdminTariffs} />
      <Route path="/admin/journal" component={AdminJournal} />
      <Route path="/admin/administrateurs" component={AdminAdministrators} />
      <Route path="/admin/securite" component={AdminSecurity} />
      <Route path="/admin/invitation" component={AdminInvitation} />
      <Route path="/admin" component={AdminHome} nest />
      <Route path="/dashboard" component={Dashboard} />
      <Route path="/missions" component={Missions} />
      <Route path="/recurring-missions" component={RecurringMissions} />
      <Route path="/mission/:id" component={MissionDetail} />
      <Route path="/mission-history" component={MissionHistory} />
      <Route path="/profile" component={Profile} />
      <Route path="/driver-map" component={DriverMap} />
      <Route path="/messages" component={Messages} />
      <Route path="/alerts" component={Alerts} />
      <Route path="/parametres" component={Settings} />
      <Route path="/documents" component={Documents} />
      <Route path="/wallet" component={Wallet} />
      <Route path="/mission/:id/payment" component={MissionPayment} />
      <Route path="/facturation" component={BillingDetails} />
      <Route path="/driver/subscription" component={Subscription} />
      <Route path="/mission/:id/tracking" component={MissionTracking} />
      <Route path="/delivery-tracking" component={DeliveryTracking} />
      <Route path="/mission/:id/review" component={MissionReview} />
      <Route path="/availability" component={Availability} />
      <Route path="/analytics" component={Analytics} />
      <Route path="/report-bug" component={ReportBug} />
      <Route path="/documentation" component={DriverHelp} />
      <Route path="/transporter-documentation" component={TransporterHelp} />
      <Route component={NotFound} />
    </Switch>
  );
});

export const PRERENDERED_ROUTES: Record<string, Page> = {
  '/': Landing,
  '/pricing': Pricing,
  '/login': Login,
  '/register': Register,
  '/explorer': Explorer,
  '/privacy': Privacy,
  '/cgu-cgv': Terms,
  '/mentions-legales': LegalNotice,
  '/installer-pwa': InstallGuide,
  '/demo': Demo,
  '/demo/login': Demo,
};

/** Loads the code of the page at `path` when it is one of the prerendered pages. */
export function preloadPrerenderedPage(path: string): Promise<void> {
  return PRERENDERED_ROUTES[path]?.preload() ?? Promise.resolve();
}

export function AppRouter() {
  const [location] = useLocation();
  const { user, isLoading, offline } = useSession();
  // Public pages do not wait for the session check: a visitor sees the page at once.
  if (isLoading) {
    const asVisitor = decideRoute(location, null);
    if (!('layout' in asVisitor)) return <Spinner />;
    return (
      <PublicLayout user={null}>
        <Suspense fallback={null}>
          <Pages />
        </Suspense>
      </PublicLayout>
    );
  }
  if (offline) {
    return (
      <PublicLayout user={null}>
        <Suspense fallback={<Spinner />}>
          <Offline />
        </Suspense>
      </PublicLayout>
    );
  }

  const decision = decideRoute(location, user);
  if ('redirect' in decision) {
    // A visitor sent home from a page of the user area comes back to it after signing in.
    if (!user && isReturnWorthy(location)) rememberReturnPath(`${location}${window.location.search}`);
    return <Redirect to={decision.redirect} replace />;
  }

  const content = <Suspense fallback={<Spinner />}>{decision.notFound ? <NotFound /> : <Pages />}</Suspense>;
  if (decision.layout === 'public') return <PublicLayout user={user}>{content}</PublicLayout>;
  return (
    <Suspense fallback={<Spinner />}>
      {decision.layout === 'admin' ? (
        <AdminLayout user={user!}>{content}</AdminLayout>
      ) : (
        <SidebarLayout user={user!}>{content}</SidebarLayout>
      )}
    </Suspense>
  );
}
