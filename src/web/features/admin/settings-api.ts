import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tariffs } from '#core/rules/tariffs.js';
import type {
  AdminLogFacets,
  AdminLogPage,
  AdminSiteSettings,
  LogoTheme,
  SiteSettingsUpdate,
} from '#core/schemas/site-settings.js';
import { apiRequest, toQueryString } from '#web/lib/api.js';
import { refreshTariffs } from '#web/lib/tariffs.js';
import { SITE_SETTINGS_KEY } from '#web/lib/site-settings.js';

const ADMIN_SETTINGS_KEY = ['/api/admin/site-settings'] as const;

/** « Paramètres du site »: read again whenever the page shows (another administrator may have changed them). */
export const useAdminSiteSettings = () =>
  useQuery<AdminSiteSettings>({ queryKey: ADMIN_SETTINGS_KEY, staleTime: 0 });

/** After a change: the back office's copy, and this browser's public settings (logo, banner), read again. */
function useRefreshSettings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_SETTINGS_KEY }),
      queryClient.invalidateQueries({ queryKey: SITE_SETTINGS_KEY }),
    ]);
}

export function useSaveSiteSettings() {
  const refresh = useRefreshSettings();
  return useMutation({
    mutationFn: (input: Partial<Record<keyof SiteSettingsUpdate, string | null>>) =>
      apiRequest<AdminSiteSettings>('PUT', '/api/admin/site-settings', input),
    onSuccess: refresh,
  });
}

export function useLogoUpload() {
  const refresh = useRefreshSettings();
  return useMutation({
    mutationFn: async ({ theme, file }: { theme: LogoTheme; file: File }) => {
      const form = new FormData();
      form.append('image', file, file.name);
      return apiRequest<{ url: string }>('POST', `/api/admin/site-settings/logos/${theme}`, form);
    },
    onSuccess: refresh,
  });
}

export function useLogoRemoval() {
  const refresh = useRefreshSettings();
  return useMutation({
    mutationFn: (theme: LogoTheme) => apiRequest<void>('DELETE', `/api/admin/site-settings/logos/${theme}`),
    onSuccess: refresh,
  });
}

export function useSaveTariffs() {
  return useMutation({
    mutationFn: (tariffs: Tariffs) => apiRequest<Tariffs>('PUT', '/api/admin/tariffs', tariffs),
    // This browser's cache follows at once; every other visitor's on their next page.
    onSuccess: () => refreshTariffs(true),
  });
}

export interface JournalFilter {
  adminId: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
  page: number;
}

export const useAdminLogs = (filter: JournalFilter) =>
  useQuery<AdminLogPage>({
    queryKey: ['/api/admin/logs', filter],
    queryFn: () => apiRequest('GET', `/api/admin/logs${toQueryString({ ...filter, pageSize: 50 })}`),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });

export const useAdminLogFacets = () =>
  useQuery<AdminLogFacets>({ queryKey: ['/api/admin/logs/facets'], staleTime: 0 });
