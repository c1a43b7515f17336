import type { Mission } from './missions.js';
import { who } from './people.js';
import { after, conversation } from './talk.js';
import { HOUR, MINUTE, plus, type Account, type World } from './world.js';

/**
 * The transporter's conversations: the driver under way reporting a delay, the one who delivered, the one who
 * starts soon, an applicant offering to load early, a thank-you after a mission, and the independent carrier
 * disputing a payment.
 */
export function transporterTalks(
  w: World,
  cast: Map<string, Account>,
  missions: Record<'live' | 'delivered' | 'soon' | 'lesquin', Mission>,
  done: Mission[],
): void {
  const { live, delivered, soon, lesquin } = missions;
  const loaded = plus(live.row.startedAt!, 50 * MINUTE);
  conversation(
    w,
    live.driver!,
    live,
    [
      {
        by: 'me',
        at: plus(live.row.startDate, -40 * MINUTE),
        text: 'Bonjour Karim, la semi est au quai 2 avec 33 palettes filmées. Le client de Strasbourg reçoit jusqu’à 17 h.',
      },
      {
        by: 'them',
        at: plus(live.row.startDate, -33 * MINUTE),
        text: 'Bien reçu, je suis en route pour le dépôt.',
      },
      { by: 'them', at: loaded, text: 'Chargé, je pars. Je vous tiens au courant.' },
      { by: 'me', at: after(loaded, 5), text: 'Merci Karim, bonne route.' },
      {
        by: 'them',
        at: w.at(-38 * MINUTE),
        text: 'Accident sur l’A39 avant Dole, ça roule au pas : j’ai signalé le retard dans l’application.',
      },
    ],
    1,
  );
  const arrived = delivered.row.deliveredAt!;
  conversation(
    w,
    delivered.driver!,
    delivered,
    [
      {
        by: 'me',
        at: plus(delivered.row.startDate, -30 * MINUTE),
        text: 'Bonjour Julien, le chargement est prêt, le bon de livraison est dans la pochette.',
      },
      { by: 'them', at: plus(delivered.row.startDate, -21 * MINUTE), text: 'Merci, j’arrive.' },
      {
        by: 'them',
        at: after(arrived, 6),
        text: `Livré à ${delivered.to.city}, CMR signée par M. Roux. 35 minutes d’attente au quai avant le déchargement.`,
      },
    ],
    1,
  );
  const chosen = soon.row.assignedAt!;
  conversation(
    w,
    soon.driver!,
    soon,
    [
      {
        by: 'me',
        at: after(chosen, 3),
        text: 'Bonjour Élodie, votre candidature est acceptée. Le document d’engagement est à signer dans l’application.',
      },
      { by: 'them', at: after(chosen, 21), text: 'Merci ! C’est signé de mon côté.' },
      {
        by: 'them',
        at: w.at(-25 * MINUTE),
        text: 'Je serai au port Édouard-Herriot 20 minutes avant le chargement.',
      },
    ],
    1,
  );
  const sebastien = who(cast, 'sebastien-morel');
  conversation(
    w,
    sebastien,
    lesquin,
    [
      {
        by: 'them',
        at: w.at(-8 * HOUR - 50 * MINUTE),
        text: 'Bonjour, je peux charger dès 4 h 30 si ça vous arrange : je connais bien la plateforme de Lesquin.',
      },
    ],
    1,
  );
  const thanked = done.find(
    (mission) => mission.driver!.persona!.key === 'aurelie-fontaine' && mission !== done[4],
  )!;
  conversation(w, thanked.driver!, thanked, [
    {
      by: 'me',
      at: plus(thanked.row.completedAt!, 2 * HOUR),
      text: 'Bonjour Aurélie, merci pour la mission, le client a apprécié votre ponctualité.',
    },
    {
      by: 'them',
      at: plus(thanked.row.completedAt!, 2 * HOUR + 25 * MINUTE),
      text: 'Merci à vous, au plaisir de retravailler ensemble !',
    },
  ]);
  const disputed = w.rows.payments.find(
    (row) => row.settlementStatus === 'disputed' && row.transporterId === w.visitor.id,
  );
  const contested = done.find((mission) => mission.row.id === disputed?.missionId);
  if (contested) {
    const asked = plus(disputed!.disputedAt!, 10 * MINUTE);
    conversation(w, contested.driver!, contested, [
      {
        by: 'them',
        at: asked,
        text: 'Bonjour, le péage de l’A71 convenu au téléphone n’apparaît pas dans le règlement : je l’ai signalé dans l’application.',
      },
      {
        by: 'me',
        at: after(asked, 40),
        text: `Bonjour ${contested.driver!.fullName.split(' ')[0]}, je vérifie avec la comptabilité et je reviens vers vous.`,
      },
      { by: 'them', at: after(asked, 55), text: 'Merci, bonne journée.' },
    ]);
  }
}
