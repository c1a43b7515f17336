import { formatLongDateTime } from '#core/rules/french-dates.js';
import { ChevronRight, Search, SlidersHorizontal, Users } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PLAN_NAMES } from '#core/rules/billing.js';
import { SUBSCRIPTION_PLANS } from '#core/rules/enums.js';
import { formatPhoneFr } from '#core/rules/phone.js';
import { ROLE_LABELS, ROLES } from '#core/rules/roles.js';
import { USER_STATUS_FILTERS, USER_STATUS_LABELS, type AdminUserRow } from '#core/schemas/admin-users.js';
import { Button } from '#web/ui/button.js';
import { Pager } from '#web/ui/pager.js';
import { cn } from '#web/ui/cn.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { SelectField, TextField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import {
  NO_USER_FILTER,
  searchForUserFilter,
  useAdminUsers,
  userFilterFromSearch,
  type UserFilter,
} from './admin-users-api.js';
import { count } from './format.js';
import { UserBadges } from './users-badges.js';

const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
const PLAN_OPTIONS = SUBSCRIPTION_PLANS.map((value) => ({ value, label: PLAN_NAMES[value] }));
const STATUS_OPTIONS = USER_STATUS_FILTERS.map((value) => ({ value, label: USER_STATUS_LABELS[value] }));
const VERIFIED_OPTIONS = [
  { value: 'true', label: 'Confirmée' },
  { value: 'false', label: 'Non confirmée' },
];
const DEMO_OPTIONS = [
  { value: 'false', label: 'Hors démonstration' },
  { value: 'true', label: 'Comptes de démonstration' },
];

/** "Transports Martin · Claire Martin" for a company, the name alone for a driver. */
const displayName = (user: AdminUserRow) =>
  user.role === 'transporter' && user.companyName ? `${user.companyName} · ${user.fullName}` : user.fullName;

const userHref = (user: AdminUserRow) => `/admin/utilisateurs/${user.id}`;

function UserTable({ users }: { users: AdminUserRow[] }) {
  return (
    <table className="hidden w-full border-separate border-spacing-0 overflow-hidden rounded-2xl border border-line bg-surface-raised text-left lg:table">
      <thead className="text-sm text-ink-muted">
        <tr>
          {['Utilisateur', 'Statut', 'Formule', 'Téléphone', 'Inscription', 'Dernière connexion'].map(
            (label) => (
              <th key={label} scope="col" className="border-b border-line px-4 py-3 font-semibold">
                {label}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id} className="align-top hover:bg-surface-sunken">
            <td className="border-b border-line px-4 py-3">
              <Link href={userHref(user)} className="user-text font-bold text-accent hover:underline">
                {displayName(user)}
              </Link>
              <span className="user-text block text-sm text-ink-muted">{user.email}</span>
            </td>
            <td className="border-b border-line px-4 py-3">
              <UserBadges user={user} />
            </td>
            <td className="border-b border-line px-4 py-3 text-sm">{PLAN_NAMES[user.plan]}</td>
            <td className="user-text whitespace-nowrap border-b border-line px-4 py-3 text-sm">
              {user.phone ? formatPhoneFr(user.phone) : '—'}
            </td>
            <td className="border-b border-line px-4 py-3 text-sm">{formatLongDateTime(user.createdAt)}</td>
            <td className="border-b border-line px-4 py-3 text-sm">
              {user.lastLogin ? formatLongDateTime(user.lastLogin) : 'Jamais'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function UserCards({ users }: { users: AdminUserRow[] }) {
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface-raised lg:hidden">
      {users.map((user) => (
        <li key={user.id}>
          <Link href={userHref(user)} className="flex items-center gap-3 px-4 py-3 hover:bg-surface-sunken">
            <span className="min-w-0 flex-1 space-y-1">
              <span className="user-text block font-bold">{displayName(user)}</span>
              <span className="user-text block truncate text-sm text-ink-muted">{user.email}</span>
              <UserBadges user={user} />
              <span className="block text-xs text-ink-muted">
                {PLAN_NAMES[user.plan]} · inscrit le {formatLongDateTime(user.createdAt)}
              </span>
            </span>
            <ChevronRight className="h-5 w-5 shrink-0 text-ink-muted" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /admin/utilisateurs: every account, newest first; search and filters live in the address (a link shares them). */
/** The filters that fold on a phone (the search box stays out). */
const FILTER_KEYS = ['role', 'plan', 'status', 'verified', 'demo', 'createdFrom', 'createdTo'] as const;

export function AdminUsersPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = userFilterFromSearch(new URLSearchParams(search));
  const [text, setText] = useState(filter.q);
  // Back and forward bring their own search: the box follows.
  useEffect(() => setText(filter.q), [filter.q]);
  const list = useAdminUsers(filter);
  const go = (next: UserFilter) => {
    const params = searchForUserFilter(next);
    navigate(`/admin/utilisateurs${params.size ? `?${params.toString()}` : ''}`);
  };
  const change = (next: Partial<UserFilter>) => go({ ...filter, page: 1, ...next });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change({ q: text.trim() });
  };
  const filtered = Object.entries(filter).some(
    ([key, value]) => key !== 'page' && value !== NO_USER_FILTER[key as keyof UserFilter],
  );
  const activeFilters = FILTER_KEYS.filter((key) => filter[key] !== NO_USER_FILTER[key]).length;
  const [showFilters, setShowFilters] = useState(activeFilters > 0);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const turnPage = (step: number) => {
    go({ ...filter, page: filter.page + step });
    document.getElementById('users-title')?.scrollIntoView({ block: 'start' });
  };

  return (
    <>
      <PageHeader
        title="Utilisateurs"
        description="Chauffeurs, transporteurs et administrateurs, les derniers inscrits d’abord. Ouvrez une fiche pour voir le compte et agir dessus."
      />
      <form role="search" onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <TextField
            label="Rechercher"
            type="search"
            value={text}
            maxLength={100}
            placeholder="Nom, entreprise, e-mail, téléphone ou SIRET"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit">
          <Search className="h-4 w-4" aria-hidden="true" />
          Rechercher
        </Button>
      </form>
      {/* Below 1024 px the seven filters fold behind one button, so the results come first on a phone. */}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="mb-4 lg:hidden"
        aria-expanded={showFilters}
        aria-controls="filtres-utilisateurs"
        onClick={() => setShowFilters((shown) => !shown)}
      >
        <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
        {activeFilters > 0 ? `Filtres (${activeFilters})` : 'Filtres'}
      </Button>
      <fieldset id="filtres-utilisateurs" className={cn('mb-5', !showFilters && 'hidden lg:block')}>
        <legend className="sr-only">Filtres</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField
            label="Rôle"
            placeholder="Tous les rôles"
            options={ROLE_OPTIONS}
            value={filter.role}
            onChange={(event) => change({ role: event.target.value as UserFilter['role'] })}
          />
          <SelectField
            label="Formule"
            placeholder="Toutes les formules"
            options={PLAN_OPTIONS}
            value={filter.plan}
            onChange={(event) => change({ plan: event.target.value as UserFilter['plan'] })}
          />
          <SelectField
            label="Statut"
            placeholder="Tous les statuts"
            options={STATUS_OPTIONS}
            value={filter.status}
            onChange={(event) => change({ status: event.target.value as UserFilter['status'] })}
          />
          <SelectField
            label="Adresse e-mail"
            placeholder="Confirmée ou non"
            options={VERIFIED_OPTIONS}
            value={filter.verified}
            onChange={(event) => change({ verified: event.target.value as UserFilter['verified'] })}
          />
          <SelectField
            label="Démonstration"
            placeholder="Tous les comptes"
            options={DEMO_OPTIONS}
            value={filter.demo}
            onChange={(event) => change({ demo: event.target.value as UserFilter['demo'] })}
          />
          <TextField
            label="Inscrit à partir du"
            type="date"
            value={filter.createdFrom}
            onChange={(event) => change({ createdFrom: event.target.value })}
          />
          <TextField
            label="Inscrit jusqu’au"
            type="date"
            value={filter.createdTo}
            onChange={(event) => change({ createdTo: event.target.value })}
          />
        </div>
        {filtered && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="mt-3"
            onClick={() => {
              setText('');
              go(NO_USER_FILTER);
            }}
          >
            Effacer la recherche et les filtres
          </Button>
        )}
      </fieldset>

      {list.isPending ? (
        <Spinner />
      ) : list.isError || !data ? (
        <p role="alert" className="text-danger">
          La liste des utilisateurs n’a pas pu être chargée. Réessayez dans un instant.
        </p>
      ) : data.users.length === 0 ? (
        <EmptyState icon={Users} title={filtered ? 'Aucun utilisateur trouvé' : 'Aucun utilisateur'}>
          <p>
            {filtered
              ? 'Aucun compte ne correspond à cette recherche. Vérifiez l’orthographe ou retirez un filtre.'
              : 'Aucun compte n’est encore inscrit : chaque inscription s’ajoute en tête de cette liste.'}
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby="users-title">
          <h2
            id="users-title"
            className="mb-2 scroll-mt-20 text-sm font-semibold text-ink-muted"
            aria-live="polite"
          >
            {count(data.total, 'utilisateur', 'utilisateurs')}
            {pages > 1 ? ` · page ${filter.page} sur ${pages}` : ''}
          </h2>
          <div
            aria-busy={list.isPlaceholderData || undefined}
            className={cn(list.isPlaceholderData && 'opacity-60')}
          >
            <UserTable users={data.users} />
            <UserCards users={data.users} />
          </div>
          <Pager
            page={filter.page}
            pages={pages}
            label="Pages des membres"
            className="mt-4"
            onPage={(page) => turnPage(page - filter.page)}
          />
        </section>
      )}
    </>
  );
}
