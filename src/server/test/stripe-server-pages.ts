import { formatDay } from '#core/rules/french-dates.js';
import { formatCents } from '#core/rules/money.js';
import type { StripeObject } from './stripe-server-objects.js';
import type { StripeServer } from './stripe-server.js';

/**
 * The hosted pages of the local Stripe-shaped server, in French: Checkout (pay, or simulate a declined card),
 * the billing portal (cancel at period end, or keep the subscription), Connect onboarding and a paid invoice.
 * Each action does what Stripe would (stripe-server.ts), waits until its events are delivered, then goes back to
 * the URL Relais gave. Test support only.
 */
export interface PageAnswer {
  status: number;
  html?: string;
  redirect?: string;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const INTERVALS: Record<string, string> = { month: 'mois', year: 'an', week: 'semaine', day: 'jour' };

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} — Stripe (serveur local de test)</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1f36;line-height:1.5}
.card{border:1px solid #d8dee4;border-radius:12px;padding:1.25rem;margin:1rem 0}
.notice{font-size:.875rem;color:#545969;background:#f6f8fa;border-radius:8px;padding:.75rem}
.error{color:#b3093c;font-weight:600}
button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:.75rem 1.25rem;cursor:pointer;margin:.25rem .5rem .25rem 0}
.primary{background:#635bff;color:#fff}.secondary{background:#e3e8ee;color:#1a1f36}
table{width:100%;border-collapse:collapse}td{padding:.25rem 0}td:last-child{text-align:right}
</style>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
${body}
<p class="notice">Serveur Stripe local de Relais (tests et démonstrations) : aucune carte n’est débitée, aucune donnée bancaire n’est demandée.</p>
</main>
</body>
</html>`;
}

const notFound = (what: string): PageAnswer => ({
  status: 404,
  html: layout('Page introuvable', `<p>${escape(what)} est introuvable ou a expiré.</p>`),
});

const back = (url: string | null | undefined, sessionId?: string): PageAnswer => ({
  status: 303,
  redirect: (url ?? '/').replace('{CHECKOUT_SESSION_ID}', sessionId ?? ''),
});

export async function renderPage(
  server: StripeServer,
  method: string,
  url: URL,
  raw: string,
): Promise<PageAnswer> {
  const path = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const form = new URLSearchParams(raw);
  if (path[0] === 'checkout' && path[1]) {
    const session = server.checkoutSessions.get(path[1]);
    if (!session) return notFound('Cette session de paiement');
    if (method === 'POST' && path[2] === 'pay') {
      if (session.status !== 'open')
        return checkoutPage(server, session, 'Cette session n’est plus ouverte.');
      const outcome = form.get('outcome') === 'decline' ? 'decline' : 'success';
      server.completeCheckout(String(session.id), outcome);
      await server.flush();
      if (outcome === 'decline')
        return checkoutPage(server, session, 'Votre carte a été refusée. Essayez une autre carte.');
      return back(session.success_url as string | null, String(session.id));
    }
    if (method === 'POST' && path[2] === 'cancel') return back(session.cancel_url as string | null);
    return checkoutPage(server, session);
  }
  if (path[0] === 'portal' && path[1]) {
    const portal = server.portalSessions.get(path[1]);
    if (!portal) return notFound('Cet espace de facturation');
    if (method === 'POST' && path[2] === 'subscriptions' && path[3]) {
      const subscription = server.subscriptions.get(path[3]);
      if (!subscription || subscription.customer !== portal.customer) return notFound('Cet abonnement');
      if (path[4] === 'cancel' || path[4] === 'renew') {
        server.setCancelAtPeriodEnd(path[3], path[4] === 'cancel');
        await server.flush();
      }
      return back(portal.return_url as string | null);
    }
    if (method === 'POST' && path[2] === 'return') return back(portal.return_url as string | null);
    return portalPage(server, portal);
  }
  if (path[0] === 'connect' && path[1] === 'onboarding' && path[2]) {
    const link = server.accountLinks.get(path[2]);
    if (!link || Number(link.expires_at) < Date.now() / 1000) return notFound('Ce lien d’activation');
    if (method === 'POST') {
      server.activateAccount(link.account);
      await server.flush();
      return back(link.return_url as string | null);
    }
    return {
      status: 200,
      html: layout(
        'Activer votre compte de versement',
        `<div class="card"><p>Compte Stripe Express <code>${escape(link.account)}</code>.</p>
<p>En mode test de Stripe, vous saisiriez ici votre identité et votre IBAN (données de test). Ici, un clic suffit.</p>
<form method="post"><button class="primary" type="submit">Activer le compte (test)</button></form></div>`,
      ),
    };
  }
  if (path[0] === 'invoices' && path[1]) {
    const invoice = server.invoices.get(path[1]);
    if (!invoice) return notFound('Cette facture');
    return invoicePage(invoice);
  }
  if (path.length === 0)
    return {
      status: 200,
      html: layout(
        'Serveur Stripe local',
        `<p>API : <code>${escape(server.url)}/v1</code>. ${server.events.length} événement(s) envoyés.</p>`,
      ),
    };
  return notFound('Cette page');
}

function checkoutPage(server: StripeServer, session: StripeObject, error?: string): PageAnswer {
  const lines = server.lineItemsOf(String(session.id));
  const total = Number(session.amount_total);
  const recurring = lines.find((line) => line.interval)?.interval;
  const per = recurring ? ` par ${INTERVALS[recurring] ?? recurring}` : '';
  const rows = lines
    .map(
      (line) =>
        `<tr><td>${escape(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}</td><td>${formatCents(line.unitAmount * line.quantity)}</td></tr>`,
    )
    .join('');
  const open = session.status === 'open';
  return {
    status: 200,
    html: layout(
      recurring ? 'S’abonner' : 'Payer',
      `<div class="card"><table>${rows}<tr><td><strong>Total${escape(per)}</strong></td><td><strong>${formatCents(total)}</strong></td></tr></table></div>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
${
  open
    ? `<form method="post" action="/checkout/${escape(String(session.id))}/pay">
<p>Carte de test : 4242 4242 4242 4242 (aucune saisie ici).</p>
<button class="primary" type="submit" name="outcome" value="success">Payer ${formatCents(total)}</button>
<button class="secondary" type="submit" name="outcome" value="decline">Simuler un refus de carte</button>
</form>
<form method="post" action="/checkout/${escape(String(session.id))}/cancel"><button class="secondary" type="submit">Annuler et revenir</button></form>`
    : `<p>Cette session est ${session.status === 'complete' ? 'déjà payée' : 'expirée'}.</p>`
}`,
    ),
  };
}

function portalPage(server: StripeServer, portal: StripeObject): PageAnswer {
  const subscriptions = [...server.subscriptions.values()].filter(
    (subscription) => subscription.customer === portal.customer && subscription.status !== 'canceled',
  );
  const day = (seconds: number) => formatDay(new Date(seconds * 1000));
  const cards = subscriptions.map((subscription) => {
    const item = ((subscription.items as StripeObject).data as StripeObject[])[0]!;
    const price = item.price as StripeObject;
    const interval = String((price.recurring as StripeObject).interval);
    const end = day(Number(item.current_period_end));
    const action = `/portal/${escape(String(portal.id))}/subscriptions/${escape(String(subscription.id))}`;
    return `<div class="card"><p><strong>${formatCents(Number(price.unit_amount))} par ${INTERVALS[interval] ?? interval}</strong></p>
${
  subscription.cancel_at_period_end
    ? `<p>Se termine le ${end}.</p><form method="post" action="${action}/renew"><button class="primary" type="submit">Ne plus résilier</button></form>`
    : `<p>Prochain renouvellement le ${end}.</p><form method="post" action="${action}/cancel"><button class="secondary" type="submit">Résilier à la fin de la période</button></form>`
}</div>`;
  });
  return {
    status: 200,
    html: layout(
      'Gérer votre abonnement',
      `${cards.join('') || '<p>Aucun abonnement en cours.</p>'}
<form method="post" action="/portal/${escape(String(portal.id))}/return"><button class="secondary" type="submit">Revenir sur Relais</button></form>`,
    ),
  };
}

function invoicePage(invoice: StripeObject): PageAnswer {
  const paidAt = Number((invoice.status_transitions as StripeObject).paid_at ?? invoice.created);
  return {
    status: 200,
    html: layout(
      `Facture ${String(invoice.number)}`,
      `<div class="card"><table>
<tr><td>Émise par</td><td>${escape(String(invoice.account_name))}</td></tr>
<tr><td>Payée le</td><td>${formatDay(new Date(paidAt * 1000))}</td></tr>
<tr><td><strong>Montant payé</strong></td><td><strong>${formatCents(Number(invoice.amount_paid))}</strong></td></tr>
</table></div>`,
    ),
  };
}
