import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient, ME_KEY } from '#web/lib/query-client.js';
import { ToastProvider } from '#web/ui/toast.js';
import { DemoBanner } from './demo-banner.js';
import type { SessionUser } from '#web/lib/session.js';

const demoUser = { id: 'd1', fullName: 'Lucas Démo', role: 'driver', isDemo: true } as SessionUser;

function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => (resolve = done));
  return { promise, resolve };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show(user: SessionUser) {
  const client = createQueryClient();
  client.setQueryData(ME_KEY, user);
  // An answer read before the reset, on no screen at the moment: it must not outlive the reset.
  client.setQueryData(['/api/missions'], { missions: ['candidature envoyée'] });
  const { hook } = memoryLocation({ path: '/dashboard' });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <Router hook={hook}>
          <DemoBanner user={user} />
        </Router>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return client;
}

describe('the MODE DÉMO banner', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn()));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is shown to a demo account only', () => {
    show({ ...demoUser, isDemo: false });
    expect(screen.queryByText('MODE DÉMO')).toBeNull();
    cleanup();
    show(demoUser);
    expect(screen.getByText('MODE DÉMO')).toBeTruthy();
    expect(screen.getByText(/Données fictives/)).toBeTruthy();
    for (const name of ['Réinitialiser', 'Créer un compte', 'Quitter'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('resets: busy while the server works, then every cached answer is dropped (the session is kept, to be read again) and the success toast says so', async () => {
    const answer = deferred();
    vi.mocked(fetch).mockReturnValue(answer.promise);
    const client = show(demoUser);
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    const busy = await screen.findByRole('button', { name: 'Réinitialisation...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/demo/reset');
    expect(vi.mocked(fetch).mock.calls[0]?.[1]?.method).toBe('POST');
    expect(client.getQueryData(['/api/missions'])).toEqual({ missions: ['candidature envoyée'] });

    answer.resolve(json(200, { message: 'ok' }));
    expect(await screen.findByText('Données réinitialisées')).toBeTruthy();
    expect(screen.getByText('Les données de démonstration ont été réinitialisées avec succès')).toBeTruthy();
    // The data set came back with new ids: nothing read before may be offered, even while it reloads.
    expect(client.getQueryData(['/api/missions'])).toBeUndefined();
    expect(client.getQueryData(ME_KEY)).toEqual(demoUser);
    expect(client.getQueryState(ME_KEY)?.isInvalidated).toBe(true);
    expect(
      ((await screen.findByRole('button', { name: 'Réinitialiser' })) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('a failed reset: « Erreur » with the server’s message', async () => {
    vi.mocked(fetch).mockResolvedValue(json(403, { message: 'Réservé aux comptes de démonstration' }));
    const client = show(demoUser);
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText('Erreur')).toBeTruthy();
    expect(screen.getByText('Réservé aux comptes de démonstration')).toBeTruthy();
    expect(client.getQueryState(['/api/missions'])?.isInvalidated).toBe(false);
  });

  it('a failed reset without a message: « Échec de la réinitialisation »', async () => {
    vi.mocked(fetch).mockResolvedValue(new Response('', { status: 502 }));
    show(demoUser);
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText('Erreur')).toBeTruthy();
    expect(screen.getByText('Échec de la réinitialisation')).toBeTruthy();
  });
});
