import { eraseOfflineCopies, offlineAccount, setOfflineAccount } from './copies.js';
import { eraseQueuedActions, flushOutbox } from './outbox.js';

/**
 * Whose data the device keeps offline (decision 055). The member the server just named: from now on their answers
 * are kept; another account's copy and queue go. The same member again (after their session ended, say): what they
 * queued is sent.
 */
export async function adoptOfflineAccount(account: string): Promise<void> {
  if (offlineAccount() === account) return;
  await eraseOfflineCopies();
  await eraseQueuedActions(account);
  setOfflineAccount(account);
  void flushOutbox();
}

/** Signed out on this device: it keeps nothing of the account offline, neither copy nor queue. */
export async function eraseOfflineData(): Promise<void> {
  await eraseQueuedActions();
  await eraseOfflineCopies();
}
