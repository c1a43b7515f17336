import { Bell, Palette, Receipt } from 'lucide-react';
import { Link } from 'wouter';
import { useSession } from '#web/lib/session.js';
import { buttonClasses } from '#web/ui/button.js';
import { PageHeader } from '#web/ui/empty-state.js';
import { useTheme, type Theme } from '#web/ui/theme.js';
import { DataSection } from './data-section.js';
import { EmailSection } from './email-section.js';
import { PasswordSection } from './password-section.js';
import { SessionsSection } from './sessions-section.js';
import { SettingsSection } from './settings-section.js';

const THEMES: Array<{ value: Theme; label: string }> = [
  { value: 'dark', label: 'Sombre' },
  { value: 'light', label: 'Clair' },
];

function ThemeSection() {
  const { theme, toggle } = useTheme();
  return (
    <SettingsSection
      id="apparence"
      icon={Palette}
      title="Apparence"
      description="Le thème sombre repose les yeux la nuit, dans la cabine."
    >
      <div role="radiogroup" aria-label="Thème" className="flex gap-2">
        {THEMES.map(({ value, label }) => (
          <label
            key={value}
            className={`flex cursor-pointer items-center gap-2 rounded-xl border px-4 py-2 font-semibold ${theme === value ? 'border-accent bg-brand-500/10' : 'border-line'}`}
          >
            <input
              type="radio"
              name="theme"
              value={value}
              checked={theme === value}
              onChange={() => theme !== value && toggle()}
              className="h-4 w-4 accent-[var(--accent)]"
            />
            {label}
          </label>
        ))}
      </div>
    </SettingsSection>
  );
}

/** /parametres: security of the account, connected devices, notifications, billing, theme, personal data. */
export function SettingsPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <PageHeader
        title="Paramètres"
        description="Sécurité du compte, appareils, notifications et données personnelles."
      />
      <PasswordSection />
      <EmailSection user={user} />
      <SessionsSection />
      <SettingsSection
        id="notifications"
        icon={Bell}
        title="Notifications"
        description="Quelles alertes recevoir, sur cet appareil, en push ou par e-mail, et votre zone de missions."
      >
        <Link href="/alerts#preferences" className={buttonClasses('secondary')}>
          Régler mes notifications
        </Link>
      </SettingsSection>
      {!user.isAdmin && (
        <SettingsSection
          id="facturation"
          icon={Receipt}
          title="Facturation"
          description="L’adresse, et pour un chauffeur indépendant le SIRET, la TVA et l’IBAN que portent les factures."
        >
          <Link href="/facturation" className={buttonClasses('secondary')}>
            Mes coordonnées de facturation
          </Link>
        </SettingsSection>
      )}
      <ThemeSection />
      <DataSection />
    </div>
  );
}
