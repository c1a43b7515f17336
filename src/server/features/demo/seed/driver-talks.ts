import type { Mission } from './missions.js';
import { after, conversation } from './talk.js';
import { HOUR, MINUTE, plus, type Account, type World } from './world.js';

/**
 * The driver's conversations: the transporter of the trip under way asking about the arrival, the one of the
 * mission to start reminding the signature, the one of the delivery thanking, the one of next week's mission,
 * a transporter weighing Camille's application, and six older exchanges about completed missions — each opened
 * by the transporter and answered within the hour (the "Répond vite" badge comes from there).
 */
/** Old conversations, one per completed mission: the transporter asks, Camille answers within the hour. */
const OLD_TALKS: ReadonlyArray<[string, string, string]> = [
  [
    'Bonjour Camille, pour demain : chargement décalé de 30 minutes, le client vient de nous prévenir.',
    'Pas de souci, merci pour l’info. Je serai là à l’heure.',
    'Merci, bonne route !',
  ],
  [
    'Bonjour, pourriez-vous ramener les palettes vides au retour ? 12 palettes Europe.',
    'Oui, sans problème, j’ai la place.',
    'Super, merci beaucoup.',
  ],
  [
    'Bonjour Camille, le client demande un appel 30 minutes avant l’arrivée au quai.',
    'Bien noté, je les appellerai en route.',
    'Parfait, merci.',
  ],
  [
    'Bonjour, le site exige gilet et chaussures de sécurité, même pour rester en cabine.',
    'C’est noté, tout est dans le camion.',
    'Merci, bonne journée.',
  ],
  [
    'Bonjour Camille, merci pour la livraison d’hier : le client était très content.',
    'Merci à vous, au plaisir de retravailler ensemble.',
    'Avec plaisir, on vous recontacte vite.',
  ],
  ['Bonjour, la mission est confirmée, même quai que la dernière fois.', 'Parfait, merci !', 'À demain.'],
];

export function driverTalks(
  w: World,
  people: Record<'sophie' | 'marc' | 'nadia' | 'philippe' | 'isabelle', Account>,
  missions: Record<'live' | 'soon' | 'later' | 'delivered' | 'market', Mission>,
  done: Mission[],
): void {
  const { live, soon, later, delivered, market } = missions;
  const loaded = plus(live.row.startedAt!, 45 * MINUTE);
  conversation(
    w,
    people.sophie,
    live,
    [
      {
        by: 'them',
        at: plus(live.row.startDate, -35 * MINUTE),
        text: 'Bonjour Camille, la remorque frigo est au quai 7 du MIN, les 33 palettes de fruits sont prêtes. Bonne route !',
      },
      {
        by: 'me',
        at: plus(live.row.startDate, -29 * MINUTE),
        text: 'Bonjour Sophie, bien reçu, je suis au poste de garde.',
      },
      { by: 'me', at: loaded, text: 'Chargement terminé, température relevée à +3 °C. Je prends la route.' },
      { by: 'them', at: after(loaded, 4), text: 'Parfait, merci. Je suis votre position sur la carte.' },
      {
        by: 'them',
        at: w.at(-12 * MINUTE),
        text: 'Le quai 12 de Corbas est libre pour vous : si vous pouvez arriver un peu avant l’heure prévue, c’est parfait.',
      },
    ],
    1,
  );
  const chosen = soon.row.assignedAt!;
  conversation(
    w,
    people.philippe,
    soon,
    [
      {
        by: 'them',
        at: after(chosen, 5),
        text: `Bonjour Camille, votre candidature est acceptée pour la mission ${soon.from.city} → ${soon.to.city}. Le document d’engagement est dans l’application.`,
      },
      {
        by: 'me',
        at: after(chosen, 25),
        text: 'Merci ! Je le signe ce soir. Le chargement se fait à quel quai ?',
      },
      {
        by: 'them',
        at: after(chosen, 34),
        text: 'Quai 3, demandez Kévin à l’accueil. J’ai signé le document de mon côté.',
      },
      {
        by: 'them',
        at: w.at(-35 * MINUTE),
        text: 'Petit rappel : la semi est sur le parking P2, les clés sont à l’accueil.',
      },
      {
        by: 'them',
        at: w.at(-20 * MINUTE),
        text: 'Pensez à signer le document d’engagement avant de démarrer.',
      },
    ],
    2,
  );
  const arrived = delivered.row.deliveredAt!;
  conversation(
    w,
    people.nadia,
    delivered,
    [
      {
        by: 'them',
        at: plus(delivered.row.startDate, -50 * MINUTE),
        text: 'Bonjour Camille, le conteneur MSKU 482193-7 est libéré au terminal, rendez-vous à l’heure prévue.',
      },
      { by: 'me', at: plus(delivered.row.startDate, -38 * MINUTE), text: 'Bien noté, j’y serai.' },
      {
        by: 'me',
        at: after(arrived, 5),
        text: 'Livraison faite à Chassieu, CMR signée par le réceptionnaire.',
      },
      {
        by: 'them',
        at: after(arrived, 40),
        text: 'Merci Camille ! Je confirme la fin de mission dès le retour du client.',
      },
    ],
    1,
  );
  const confirmed = later.row.assignedAt!;
  conversation(w, people.marc, later, [
    {
      by: 'them',
      at: after(confirmed, 10),
      text: 'Bonjour Camille, mission confirmée. Départ de la Plaine de l’Ain à 5 h 30 comme prévu.',
    },
    { by: 'me', at: after(confirmed, 35), text: 'Parfait, c’est noté. Je récupère le tracteur sur place ?' },
    { by: 'them', at: after(confirmed, 50), text: 'Oui, il vous attend au dépôt, badge à l’accueil.' },
    { by: 'me', at: after(confirmed, 53), text: 'Merci, à bientôt.' },
  ]);
  conversation(
    w,
    people.isabelle,
    market,
    [
      {
        by: 'them',
        at: w.at(-3 * HOUR),
        text: 'Bonjour, merci pour votre candidature. Vous faites souvent du frigo en semi ? Le client est exigeant sur les relevés de température.',
      },
      {
        by: 'me',
        at: w.at(-3 * HOUR + 14 * MINUTE),
        text: 'Bonjour, oui, plusieurs missions par mois en semi frigo, relevés faits au chargement et à la livraison.',
      },
      { by: 'them', at: w.at(-40 * MINUTE), text: 'Très bien, je vous donne ma réponse d’ici ce soir.' },
    ],
    1,
  );
  // Six older conversations, each about a completed mission.
  OLD_TALKS.forEach(([question, answer, thanks], index) => {
    const mission = done[done.length - 2 - index * 2]!;
    const asked = plus(mission.row.startDate, -15 * HOUR);
    conversation(w, mission.company, mission, [
      { by: 'them', at: asked, text: question },
      { by: 'me', at: after(asked, 12 + index * 6), text: answer },
      { by: 'them', at: after(asked, 20 + index * 7), text: thanks },
    ]);
  });
}
