import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { demoMessages } from '#core/rules/demo.js';
import type { SessionUser } from '#web/lib/session.js';
import { createQueryClient, ME_KEY } from '#web/lib/query-client.js';
import { DemoPage } from './demo-page.js';

const DRIVER = 'Essayer en tant que chauffeur';
const TRANSPORTER = 'Essayer en tant que transporteur';
const demoDriver = { id: 'd1', fullName: 'Lucas Démo', role: 'driver', isDemo: true } as SessionUser;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show(path: string, user: SessionUser | null) {
  const client = createQueryClient();
  client.setQueryData(ME_KEY, user);
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>
        <DemoPage />
      </Router>
    </QueryClientProvider>,
  );
  return { client, history: location.history! };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const posted = () =>
  vi.mocked(fetch).mock.calls.map(([path, init]) => [path, init?.method, init?.body ?? null]);

describe('the /demo doors', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', vi.fn());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('one click: busy on the door clicked, then signed in as the demo user, flag set, on /dashboard', async () => {
    let answer!: (response: Response) => void;
    vi.mocked(fetch).mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const { client, history } = show('/demo', null);
    fireEvent.click(button(DRIVER));
    const busy = await screen.findByRole('button', { name: 'Préparation de votre démo...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // The other door waits too: one demo at a time.
    expect(button(TRANSPORTER).disabled).toBe(true);
    expect(posted()).toEqual([['/api/demo/login', 'POST', JSON.stringify({ role: 'driver' })]]);

    answer(json(201, demoDriver));
    await waitFor(() => expect(history.at(-1)).toBe('/dashboard'));
    expect(client.getQueryData(ME_KEY)).toEqual(demoDriver);
    expect(localStorage.getItem('isDemo')).toBe('true');
  });

  it('a refusal says the server’s message and lets the visitor try again', async () => {
    vi.mocked(fetch).mockResolvedValue(json(503, { message: demoMessages.full }));
    const { history } = show('/demo', null);
    fireEvent.click(button(TRANSPORTER));
    expect((await screen.findByRole('alert')).textContent).toBe(demoMessages.full);
    expect(button(TRANSPORTER).disabled).toBe(false);
    expect(button(DRIVER).disabled).toBe(false);
    expect(history).toEqual(['/demo']);
    expect(localStorage.getItem('isDemo')).toBeNull();
  });

  it('a network failure is said in French', async () => {
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'));
    show('/demo', null);
    fireEvent.click(button(DRIVER));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Connexion impossible : vérifiez votre réseau, puis réessayez.',
    );
  });

  it('a real account is told why, with a way to log out, and its doors are off', () => {
    show('/demo', { ...demoDriver, isDemo: false, fullName: 'Jean Routier' });
    expect(screen.getByText(demoMessages.signedIn)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
    expect(button(DRIVER).disabled).toBe(true);
    expect(button(TRANSPORTER).disabled).toBe(true);
  });

  it('logging out from /demo stays there, the doors open', async () => {
    vi.mocked(fetch).mockResolvedValue(json(200, { message: 'Déconnecté' }));
    const { client } = show('/demo', { ...demoDriver, isDemo: false });
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(button(DRIVER).disabled).toBe(false));
    expect(screen.queryByText(demoMessages.signedIn)).toBeNull();
    expect(client.getQueryData(ME_KEY)).toBeNull();
    expect(posted()).toEqual([['/api/auth/logout', 'POST', null]]);
  });

  it('a shared link /demo/login?role=transporteur opens the transporter demo without a click', async () => {
    vi.mocked(fetch).mockResolvedValue(json(201, { ...demoDriver, role: 'transporter' }));
    const { history } = show('/demo/login?role=transporteur', null);
    await waitFor(() => expect(history.at(-1)).toBe('/dashboard'));
    expect(posted()).toEqual([['/api/demo/login', 'POST', JSON.stringify({ role: 'transporter' })]]);
  });

  it('a shared link does not open a demo over a real account', () => {
    show('/demo/login?role=chauffeur', { ...demoDriver, isDemo: false });
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByText(demoMessages.signedIn)).toBeTruthy();
  });
});
