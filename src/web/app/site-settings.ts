import { useQuery } from '@tanstack/react-query';
import { useTheme } from '#web/ui/theme.js';

type Settings = Record<string, string | null>;

/** Logos from the site settings (logoLightUrl / logoDarkUrl); the built-in mark is the fallback. */
export function useLogoUrl(): string | null {
  const { theme } = useTheme();
  const { data } = useQuery<Settings>({ queryKey: ['/api/site-settings'] });
  return (theme === 'dark' ? data?.logoDarkUrl : data?.logoLightUrl) ?? null;
}

export function useContactEmail(): string {
  const { data } = useQuery<Settings>({ queryKey: ['/api/site-settings'] });
  return data?.contactEmail ?? 'contact@relais.fr';
}

/** The map tiles the server was configured with (MAP_TILES_URL), or null: the built-in base layer only. */
export function useMapTiles(): { url: string; attribution: string } | null | undefined {
  const { data } = useQuery<Settings>({ queryKey: ['/api/site-settings'] });
  if (!data) return undefined;
  return data.mapTilesUrl ? { url: data.mapTilesUrl, attribution: data.mapTilesAttribution ?? '' } : null;
}

/** Whether missions and plans may be paid online (the server runs with Stripe). */
export function useOnlinePayment(): boolean {
  const { data } = useQuery<Settings>({ queryKey: ['/api/site-settings'] });
  return data?.onlinePayment === 'true';
}
