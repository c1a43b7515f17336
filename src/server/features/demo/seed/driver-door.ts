import { paymentDueDate } from '#core/rules/money.js';
import { reviewClosesAt } from '#core/rules/reviews.js';
import { alert, newMissionAlert } from './alerts.js';
import type { JobKey } from './jobs.js';
import { addMission, apply, type Mission } from './missions.js';
import { paymentEventBase, settle, type Payment } from './money.js';
import { who } from './people.js';
import type { PlaceKey } from './places.js';
import { review } from './reputation.js';
import { finishedTrip, liveTrail, looks } from './road.js';
import { driverTalks } from './driver-talks.js';
import { DAY, earliest, HOUR, latest, MINUTE, plus, rounded, type Account, type World } from './world.js';
import { addDays, parisDate } from '#core/rules/days.js';

/**
 * The driver's door: Camille Durand drives from Villeurbanne for six transporters. A mission under way (GPS trail,
 * the transporter following it, arrival in half an hour), the next one in two hours (startable now, signed by the
 * transporter, not yet by Camille), one later in the week, one delivered waiting for its confirmation, one cancelled, eleven months of completed
 * missions settled and reviewed, applications waiting, taken and turned down, conversations and alerts.
 */
type Cast = Map<string, Account>;

const HISTORY: ReadonlyArray<[string, PlaceKey, PlaceKey, JobKey]> = [
  ['sophie-chevalier', 'corbas', 'vitrolles', 'frigo'],
  ['marc-lefebvre', 'chassieu', 'lesquin', 'palettes'],
  ['nadia-benali', 'fos', 'corbas', 'citerne'],
  ['philippe-garnier', 'fallavier', 'dijon', 'palettes'],
  ['isabelle-roussel', 'villefranche', 'rungis', 'frigo'],
  ['sophie-chevalier', 'saintPriest', 'strasbourg', 'palettes'],
  ['nadia-benali', 'lyonPort', 'vitrolles', 'frigo'],
  ['marc-lefebvre', 'corbas', 'lesquin', 'frigo'],
  ['philippe-garnier', 'plaineAin', 'besancon', 'palettes'],
  ['yann-le-goff', 'chassieu', 'carquefou', 'palettes'],
  ['sophie-chevalier', 'vienne', 'montpellier', 'frigo'],
];

export function driverDoor(w: World, cast: Cast, market: Mission[]): void {
  const me = w.visitor;
  const [sophie, marc, nadia, philippe, yann, isabelle] = [
    'sophie-chevalier',
    'marc-lefebvre',
    'nadia-benali',
    'philippe-garnier',
    'yann-le-goff',
    'isabelle-roussel',
  ].map((key) => who(cast, key)) as [Account, Account, Account, Account, Account, Account];
  const karim = who(cast, 'karim-haddad');

  // Under way for 3 h 40, fruit from the Châteaurenard market to Corbas: the trail on the map (loading, then the
  // A7), the transporter looking at it; arrival in about half an hour.
  const liveStart = rounded(w.at(-220 * MINUTE), 5);
  const live = addMission(w, {
    company: sophie,
    driver: me,
    from: 'chateaurenard',
    to: 'corbas',
    job: 'frigo',
    start: liveStart,
    startedAt: plus(liveStart, 4 * MINUTE),
    status: 'in_progress',
    createdAt: w.wall(-3, '10:12'),
    assignedAt: w.wall(-2, '16:40'),
    applicants: [{ driver: karim, status: 'pending' }],
  });
  liveTrail(w, live);
  looks(w, live, sophie, [
    [w.at(-110 * MINUTE), 3],
    [w.at(-25 * MINUTE), 2],
  ]);

  // Next, once the trip above is over: "Démarrer" is open already (2 h before), once Camille has signed.
  const soon = addMission(w, {
    company: philippe,
    driver: me,
    from: 'saintPriest',
    to: 'dijon',
    job: 'palettes',
    start: rounded(w.at(115 * MINUTE), 5),
    status: 'assigned',
    createdAt: w.at(-52 * HOUR),
    assignedAt: w.at(-20 * HOUR),
    signed: ['transporter'],
    applicants: [
      { driver: who(cast, 'elodie-marchand'), status: 'pending' },
      { driver: who(cast, 'julien-petit'), status: 'pending' },
    ],
  });
  const later = addMission(w, {
    company: marc,
    driver: me,
    from: 'plaineAin',
    to: 'lesquin',
    job: 'palettes',
    start: w.wall(3, '05:30'),
    status: 'assigned',
    createdAt: w.at(-3 * DAY),
    assignedAt: w.at(-2 * DAY),
  });
  const delivered = addMission(w, {
    company: nadia,
    driver: me,
    from: 'fos',
    to: 'chassieu',
    job: 'conteneur',
    start: w.wall(-1, '05:30'),
    status: 'delivered',
    createdAt: w.at(-4 * DAY),
  });
  finishedTrip(w, delivered);
  const cancelled = addMission(w, {
    company: yann,
    driver: me,
    from: 'lyonPort',
    to: 'clermont',
    job: 'palettes',
    start: w.wall(2, '06:00'),
    status: 'cancelled',
    createdAt: w.at(-6 * DAY),
    assignedAt: w.at(-5 * DAY),
    cancelledAt: w.at(-4 * DAY + 3 * HOUR),
    reason:
      'Le client a reporté sa commande à la semaine prochaine : la mission sera republiée dès que la date est fixée.',
  });
  // Turned down when Sophie chose Karim for tomorrow's Rungis run.
  const taken = addMission(w, {
    company: sophie,
    driver: karim,
    from: 'corbas',
    to: 'rungis',
    job: 'frigo',
    start: w.wall(1, '04:30'),
    status: 'assigned',
    createdAt: w.at(-3 * DAY),
    assignedAt: w.at(-DAY),
    applicants: [{ driver: me, status: 'pending', at: w.at(-2 * DAY) }],
  });

  const done = history(w, cast, me);

  // Applications on the market: three waiting, one turned down.
  apply(w, market[0]!, me, 'pending', w.at(-7 * HOUR));
  apply(w, market[1]!, me, 'pending', w.at(-26 * HOUR));
  apply(w, market[5]!, me, 'pending', w.at(-5 * HOUR));
  apply(w, market[3]!, me, 'rejected', w.at(-30 * HOUR), { decidedAt: w.at(-20 * HOUR) });

  driverTalks(
    w,
    { sophie, marc, nadia, philippe, isabelle },
    { live, soon, later, delivered, market: market[5]! },
    done,
  );

  for (const offer of [0, 1, 2, 5]) newMissionAlert(w, market[offer]!, offer !== 0 && offer !== 5);
  const accepted = (mission: Mission, rejected: string[] = []) => ({
    type: 'application.accepted' as const,
    applicationId: w.id(),
    missionId: mission.row.id,
    title: mission.row.title,
    companyId: mission.company.id,
    driverId: mission.driver!.id,
    rejectedDriverIds: rejected,
  });
  alert(w, accepted(soon), soon.row.assignedAt!, false);
  alert(w, accepted(later), later.row.assignedAt!, true);
  alert(w, accepted(taken, [me.id]), taken.row.assignedAt!, false);
  alert(
    w,
    {
      type: 'application.rejected',
      applicationId: w.id(),
      missionId: market[3]!.row.id,
      title: market[3]!.row.title,
      driverId: me.id,
    },
    w.at(-20 * HOUR),
    true,
  );
  alert(
    w,
    {
      type: 'mission.cancelled',
      missionId: cancelled.row.id,
      title: cancelled.row.title,
      companyId: yann.id,
      driverId: me.id,
      applicantIds: [],
      reason: cancelled.row.cancellationReason!,
    },
    cancelled.row.cancelledAt!,
    true,
  );
}

/**
 * 21 completed missions over eleven months, on time: settled (confirmed, the last ones pending, one declared
 * paid to confirm, one overdue), reviewed both ways, the latest one waiting for Camille's review.
 */
function history(w: World, cast: Cast, me: Account): Mission[] {
  const count = 21;
  const today = parisDate(w.now);
  const done: Mission[] = [];
  for (let index = 0; index < count; index++) {
    const [company, out, back, job] = HISTORY[index % HISTORY.length]!;
    // The last one is the way back from Carquefou, ended two days before the Fos-sur-Mer shuttle (delivered,
    // yesterday): Camille cannot be in Carquefou in the night and at Fos at 05:30.
    const last = index === count - 1;
    const [from, to] = last ? [back, out] : [out, back];
    const day = w.notSunday(
      last ? -3 : index === count - 2 ? -6 : -Math.round(330 - (index * 320) / (count - 3)),
    );
    const mission = addMission(w, {
      company: who(cast, company),
      driver: me,
      from,
      to,
      job,
      start: w.wall(day, index % 3 === 0 ? '05:00' : index % 3 === 1 ? '06:00' : '05:30'),
      status: 'completed',
    });
    done.push(mission);
    if (index < 8 || index % 2 === 0) finishedTrip(w, mission);
    const row = mission.row;
    const due = paymentDueDate(row.engagementType, row.paymentTerms, parisDate(row.completedAt!));
    const paidOn = addDays(due, 2) < today ? addDays(due, 2) : null;
    let payment: Payment;
    if (index === count - 2) {
      const markedAt = w.at(-20 * HOUR);
      payment = settle(w, mission, { status: 'marked_paid', paidOn: parisDate(markedAt), markedAt });
      alert(
        w,
        {
          type: 'payment.marked_paid',
          ...paymentEventBase(payment),
          paidOn: parisDate(markedAt),
          reference: payment.row.paymentReference!,
        },
        markedAt,
        false,
      );
    } else if (index === count - 5) {
      payment = settle(w, mission, { status: 'owed' });
      if (payment.row.overdueAlertedAt)
        alert(
          w,
          { type: 'payment.overdue', ...paymentEventBase(payment), dueDate: payment.row.dueDate },
          payment.row.overdueAlertedAt,
          true,
        );
    } else if (paidOn && index < count - 2) {
      const markedAt = w.wall(Math.round((Date.parse(paidOn) - Date.parse(today)) / DAY), '10:30');
      const confirmedAt = earliest(plus(markedAt, 26 * HOUR), w.at(-HOUR));
      payment = settle(w, mission, { status: 'confirmed', paidOn, markedAt, confirmedAt });
    } else payment = settle(w, mission, { status: 'owed' });
    if (index >= count - 2) {
      alert(
        w,
        {
          type: 'mission.status_changed',
          missionId: row.id,
          title: row.title,
          companyId: row.companyId,
          driverId: me.id,
          status: 'completed',
        },
        row.completedAt!,
        true,
      );
      alert(
        w,
        {
          type: 'payment.created',
          ...paymentEventBase(payment),
          engagementType: 'employment',
          dueDate: payment.row.dueDate,
        },
        row.completedAt!,
        true,
      );
    }
    if (index === count - 1) {
      // The transporter has written; Camille's turn (double-blind: neither shows until both are in).
      const waiting = review(w, mission, 'company', { rating: 5, afterHours: 20 });
      alert(
        w,
        {
          type: 'review.submitted',
          missionId: row.id,
          title: row.title,
          reviewerName: mission.company.displayName,
          revieweeId: me.id,
          closesAt: reviewClosesAt(row.completedAt!).toISOString(),
        },
        waiting.createdAt,
        false,
      );
    } else if (index === count - 2) {
      // Both have written: both published at the second one, and Camille is told.
      const theirs = review(w, mission, 'company', { rating: 5, afterHours: 6 });
      const mine = review(w, mission, 'driver', { rating: 5, afterHours: 30 });
      alert(
        w,
        {
          type: 'review.published',
          reviewId: theirs.id,
          missionId: row.id,
          title: row.title,
          reviewerName: mission.company.displayName,
          revieweeId: me.id,
          rating: theirs.rating,
        },
        latest(theirs.createdAt, mine.createdAt),
        true,
      );
    } else {
      if (w.random() < 0.85) review(w, mission, 'company', { rating: w.random() < 0.8 ? 5 : 4 });
      if (w.random() < 0.7) review(w, mission, 'driver', { rating: w.random() < 0.65 ? 5 : 4 });
    }
  }
  return done;
}
