import { NOTIFICATION_ICON } from '#core/rules/notifications.js';
import { apiRequest } from './api.js';

/** docs/specification.md §4: default, granted, denied; "unsupported" where the browser has no notifications. */
export type NotificationState = NotificationPermission | 'unsupported';

export function notificationState(): NotificationState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

function pushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission (only ever from a click) and, where Web Push works, subscribes this device with the
 * server's public key (user-visible only). Failures are only logged (docs/specification.md §8); the state is returned.
 */
export async function enableNotifications(): Promise<NotificationState> {
  if (notificationState() === 'unsupported') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted' || !pushSupported()) return permission;
  try {
    const registration = await navigator.serviceWorker.ready;
    const { publicKey } = await apiRequest<{ publicKey: string }>('GET', '/api/push/public-key');
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      }));
    await apiRequest('POST', '/api/push/subscriptions', subscription.toJSON());
  } catch (error) {
    console.warn('Abonnement aux notifications push impossible', error);
  }
  return permission;
}

/**
 * Stops push on this device (at sign-out too, so the next person using it does not get them). `tellServer: false`
 * once the account is gone: the server has erased its devices already.
 */
export async function disablePush({ tellServer = true } = {}): Promise<void> {
  if (!pushSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    if (tellServer)
      await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint }).catch(
        () => undefined,
      );
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('Désabonnement des notifications push impossible', error);
  }
}

/** Whether this device receives push notifications. */
export async function pushEnabledHere(): Promise<boolean> {
  if (!pushSupported() || notificationState() !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}

/** While the tab is hidden, an event that arrives on the open socket is shown as a browser notification. */
export function notifyIfHidden(title: string, body: string, link: string | null, tag?: string): void {
  if (document.visibilityState !== 'hidden' || notificationState() !== 'granted') return;
  const options = { body, icon: NOTIFICATION_ICON, tag, data: { link: link ?? '/alerts' } };
  const fallback = () => {
    const shown = new Notification(title, options);
    shown.onclick = () => {
      window.focus();
      if (link) window.location.assign(link);
    };
  };
  if (!('serviceWorker' in navigator)) return fallback();
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => (registration ? registration.showNotification(title, options) : fallback()))
    .catch((error: unknown) => console.warn('Notification non affichée', error));
}
