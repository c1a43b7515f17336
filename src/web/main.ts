import './styles.css';

/**
 * The first page of Relais, served by the platform until the full web app lands: it tells visitors
 * what Relais is and completes the e-mail verification link (/verify-email?token=…).
 */
const app = document.getElementById('app')!;

function render(html: string) {
  app.innerHTML = `<h1 class="brand"><img src="/favicon.svg" alt="" />Relais</h1>${html}`;
}

async function verifyEmail(token: string) {
  render('<p class="muted" role="status">Vérification de votre adresse email…</p>');
  try {
    const response = await fetch('/api/auth/verify-email', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    const message = body.message ?? response.statusText;
    const paragraph = document.createElement('p');
    paragraph.className = response.ok ? 'ok' : 'error';
    paragraph.setAttribute('role', response.ok ? 'status' : 'alert');
    paragraph.textContent = message;
    render('');
    app.append(paragraph);
  } catch {
    render(
      '<p class="error" role="alert">Impossible de joindre le serveur. Vérifiez votre connexion puis rechargez la page.</p>',
    );
  }
}

const url = new URL(window.location.href);
if (url.pathname === '/verify-email') {
  const token = url.searchParams.get('token');
  if (token) void verifyEmail(token);
  else render('<p class="error" role="alert">Ce lien de vérification est incomplet.</p>');
} else {
  render(`
    <p>Relais relie les chauffeurs poids lourds et les transporteurs pour des missions courtes, de dernière minute.</p>
    <p class="muted">Les transporteurs publient leurs missions, les chauffeurs postulent, les deux échangent en direct et suivent la livraison.
    Les conditions de paiement se règlent directement entre chauffeur et transporteur.</p>
  `);
}
