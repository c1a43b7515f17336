import {
  BarChart3,
  Bell,
  BookOpen,
  Bug,
  Euro,
  CreditCard,
  FileCheck2,
  FileText,
  Flag,
  History,
  LayoutDashboard,
  Map,
  MessageSquare,
  Route,
  ScrollText,
  Settings,
  ShieldCheck,
  Truck,
  User,
  UserCheck,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

export interface MenuItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Which unread (or, for administrators, waiting) counter shows on this entry. */
  badge?: 'messages' | 'alerts' | 'documents' | 'drivers' | 'subscriptions' | 'reviews' | 'bugs';
}

const common = {
  dashboard: { href: '/dashboard', label: 'Tableau de bord', icon: LayoutDashboard },
  analytics: { href: '/analytics', label: 'Analytics Avancés', icon: BarChart3 },
  missions: { href: '/missions', label: 'Missions', icon: Truck },
  history: { href: '/mission-history', label: 'Historique', icon: History },
  wallet: { href: '/wallet', label: 'Portefeuille', icon: Wallet },
  messages: { href: '/messages', label: 'Messages', icon: MessageSquare, badge: 'messages' },
  alerts: { href: '/alerts', label: 'Alertes & Notifications', icon: Bell, badge: 'alerts' },
  documents: { href: '/documents', label: 'Documents', icon: FileText },
  profile: { href: '/profile', label: 'Profil', icon: User },
  settings: { href: '/parametres', label: 'Paramètres', icon: Settings },
  bug: { href: '/report-bug', label: 'Signaler un bug', icon: Bug },
} satisfies Record<string, MenuItem>;

/** docs/specification.md §2, in its order. */
export const DRIVER_MENU: MenuItem[] = [
  common.dashboard,
  common.analytics,
  common.missions,
  { href: '/driver-map', label: 'Carte', icon: Map },
  common.history,
  common.wallet,
  common.messages,
  common.alerts,
  common.documents,
  common.profile,
  common.settings,
  { href: '/documentation', label: 'Documentation', icon: BookOpen },
  common.bug,
];

/** docs/specification.md §2: the same, with delivery tracking instead of the map and the transporters' documentation. */
const TRANSPORTER_SWAPS: Record<string, MenuItem> = {
  '/driver-map': { href: '/delivery-tracking', label: 'Suivi des livraisons', icon: Route },
  '/documentation': { href: '/transporter-documentation', label: 'Documentation', icon: BookOpen },
};
export const TRANSPORTER_MENU: MenuItem[] = DRIVER_MENU.map((item) => TRANSPORTER_SWAPS[item.href] ?? item);

export const SUBSCRIPTION_MENU: MenuItem[] = [
  { href: '/pricing', label: 'Plans & Tarifs', icon: CreditCard },
];

/** A back-office entry: its pages (the entry is current on any of them) and the waiting counters it adds up. */
export interface AdminMenuItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Other pages of the same section (tabs), under which the entry stays current. */
  also?: string[];
  badges?: NonNullable<MenuItem['badge']>[];
}

/** The back office (docs/specification.md §6, decision 021): run the marketplace for a day, each queue badged with what waits. */
export const ADMIN_MENU: AdminMenuItem[] = [
  { href: '/admin', label: 'Accueil', icon: LayoutDashboard },
  { href: '/admin/utilisateurs', label: 'Utilisateurs', icon: Users },
  { href: '/admin/missions', label: 'Missions', icon: Truck },
  {
    href: '/admin/documents',
    label: 'Validation',
    icon: FileCheck2,
    also: ['/admin/chauffeurs', '/admin/abonnements'],
    badges: ['documents', 'drivers', 'subscriptions'],
  },
  {
    href: '/admin/signalements',
    label: 'Signalements',
    icon: Flag,
    also: ['/admin/avis'],
    badges: ['bugs', 'reviews'],
  },
  { href: '/admin/parametres', label: 'Paramètres du site', icon: Settings },
  { href: '/admin/tarifs', label: 'Tarifs', icon: Euro },
  { href: '/admin/journal', label: 'Journal', icon: ScrollText },
  { href: '/admin/administrateurs', label: 'Administrateurs', icon: ShieldCheck },
];

/** The tabs inside a back-office section: the queues of « Validation », the reports of « Signalements ». */
export const ADMIN_TABS: Record<'validation' | 'reports', AdminMenuItem[]> = {
  validation: [
    { href: '/admin/documents', label: 'Documents à vérifier', icon: FileCheck2, badges: ['documents'] },
    { href: '/admin/chauffeurs', label: 'Validation des chauffeurs', icon: UserCheck, badges: ['drivers'] },
    { href: '/admin/abonnements', label: 'Abonnements', icon: CreditCard, badges: ['subscriptions'] },
  ],
  reports: [
    { href: '/admin/signalements', label: 'Bugs', icon: Bug, badges: ['bugs'] },
    { href: '/admin/avis', label: 'Avis signalés', icon: Flag, badges: ['reviews'] },
  ],
};

/** Whether the back-office entry is the current one at this location. */
export function isCurrentAdminItem(item: AdminMenuItem, location: string): boolean {
  if (item.href === '/admin') return location === '/admin';
  return [item.href, ...(item.also ?? [])].some(
    (href) => location === href || location.startsWith(`${href}/`),
  );
}

/** Unread counters are capped at 99+ (docs/specification.md §9). */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
