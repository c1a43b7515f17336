import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CONTACT_EMAIL } from '#core/rules/admin.js';
import { useTheme } from '#web/ui/theme.js';

type Settings = Record<string, string | null>;
export const SITE_SETTINGS_KEY = ['/api/site-settings'] as const;

function useSettings(): Settings | undefined {
  return useQuery<Settings>({ queryKey: SITE_SETTINGS_KEY }).data;
}

/** Logos from the site settings (logoLightUrl / logoDarkUrl); the built-in mark is the fallback. */
export function useLogoUrl(): string | null {
  const { theme } = useTheme();
  const data = useSettings();
  return (theme === 'dark' ? data?.logoDarkUrl : data?.logoLightUrl) ?? null;
}

export function useContactEmail(): string {
  return useSettings()?.contactEmail ?? DEFAULT_CONTACT_EMAIL;
}

/** The support's opening hours, as the back office wrote them (null: not said). */
export function useSupportHours(): string | null {
  return useSettings()?.supportHours ?? null;
}

/** The details of the legal notice (/mentions-legales), null where the back office left them empty. */
export function useLegalNotice() {
  const data = useSettings();
  const get = (key: string) => data?.[key] ?? null;
  return {
    publisherName: get('legalPublisherName'),
    publisherForm: get('legalPublisherForm'),
    publisherAddress: get('legalPublisherAddress'),
    publisherRegistration: get('legalPublisherRegistration'),
    publicationDirector: get('legalPublicationDirector'),
    hostName: get('legalHostName'),
    hostAddress: get('legalHostAddress'),
    hostPhone: get('legalHostPhone'),
  };
}

/**
 * The maintenance message every visitor and member sees while the back office keeps one (null: none). Read
 * again every 5 minutes while a page stays open, so a message set (or lifted) reaches screens already open.
 */
export function useMaintenanceMessage(): string | null {
  const { data } = useQuery<Settings>({ queryKey: SITE_SETTINGS_KEY, refetchInterval: 5 * 60_000 });
  return data?.maintenanceMessage ?? null;
}

/** The map tiles the server was configured with (MAP_TILES_URL), or null: the built-in base layer only. */
export function useMapTiles(): { url: string; attribution: string } | null | undefined {
  const data = useSettings();
  if (!data) return undefined;
  return data.mapTilesUrl ? { url: data.mapTilesUrl, attribution: data.mapTilesAttribution ?? '' } : null;
}

/** Whether missions and plans may be paid online (the server runs with Stripe). */
export function useOnlinePayment(): boolean {
  return useSettings()?.onlinePayment === 'true';
}
