import { paymentDueDate } from '#core/rules/money.js';
import { reviewClosesAt } from '#core/rules/reviews.js';
import { alert } from './alerts.js';
import type { JobKey } from './jobs.js';
import { addMission, type Applicant, type Mission } from './missions.js';
import { paymentEventBase, settle, type SettlementPlan } from './money.js';
import { who } from './people.js';
import type { PlaceKey } from './places.js';
import { review } from './reputation.js';
import { finishedTrip, incident, liveTrail, looks, waited } from './road.js';
import { transporterTalks } from './transporter-talks.js';
import { DAY, earliest, HOUR, latest, MINUTE, plus, rounded, type Account, type World } from './world.js';
import { addDays, parisDate } from '#core/rules/days.js';

/**
 * The transporter's door: Transports Durand (Vénissieux) publishes missions in every state. Open ones with
 * drivers' applications waiting for an answer, one under way followed on the map (with a delay reported), one
 * delivered to confirm, two assigned, one cancelled, eleven months of completed missions settled (one declared
 * paid, one disputed) and reviewed both ways, conversations with drivers and the alerts of all that.
 */
type Cast = Map<string, Account>;

const HISTORY: ReadonlyArray<[string, PlaceKey, PlaceKey, JobKey]> = [
  ['karim-haddad', 'saintPriest', 'strasbourg', 'palettes'],
  ['julien-petit', 'fallavier', 'dijon', 'boissons'],
  ['elodie-marchand', 'villefranche', 'macon', 'palettes'],
  ['karim-haddad', 'corbas', 'lesquin', 'frigo'],
  ['aurelie-fontaine', 'chassieu', 'dijon', 'tourneeFrigo'],
  ['sebastien-morel', 'corbas', 'rungis', 'frigo'],
  ['nicolas-bernard', 'plaineAin', 'carquefou', 'acier'],
  ['karim-haddad', 'fos', 'corbas', 'citerne'],
  ['julien-petit', 'saintEtienne', 'lyonPort', 'benne'],
  ['laurent-rousseau', 'fallavier', 'bordeaux', 'engins'],
  ['elodie-marchand', 'chassieu', 'saintEtienne', 'palettes'],
  ['karim-haddad', 'lyonPort', 'vitrolles', 'frigo'],
  ['mehdi-saidi', 'fos', 'lyonPort', 'conteneur'],
  ['aurelie-fontaine', 'fallavier', 'besancon', 'palettes'],
  ['karim-haddad', 'saintPriest', 'metz', 'palettes'],
  ['nicolas-bernard', 'plaineAin', 'rennes', 'acier'],
  ['sebastien-morel', 'villefranche', 'lesquin', 'frigo'],
  ['julien-petit', 'corbas', 'grenoble', 'palettes'],
];

export function transporterDoor(w: World, cast: Cast): void {
  const me = w.visitor;
  const person = (key: string) => who(cast, key);
  const [karim, julien, elodie, aurelie] = [
    'karim-haddad',
    'julien-petit',
    'elodie-marchand',
    'aurelie-fontaine',
  ].map(person) as [Account, Account, Account, Account];

  // Under way for three hours towards Strasbourg, held up on the A39: the map shows it late, the delay reported.
  const liveStart = rounded(w.at(-3 * HOUR), 5);
  const live = addMission(w, {
    company: me,
    driver: karim,
    from: 'saintPriest',
    to: 'strasbourg',
    job: 'palettes',
    start: liveStart,
    startedAt: plus(liveStart, 6 * MINUTE),
    status: 'in_progress',
    createdAt: w.wall(-4, '09:20'),
    assignedAt: w.wall(-3, '15:05'),
    applicants: [{ driver: elodie, status: 'pending' }],
  });
  const points = liveTrail(w, live);
  looks(w, live, me, [
    [w.at(-2 * HOUR), 2],
    [w.at(-15 * MINUTE), 3],
  ]);
  const delayAt = w.at(-40 * MINUTE);
  const note = 'Accident sur l’A39 avant Dole, circulation au pas : au moins une heure de retard.';
  const incidentId = incident(w, live, 'delay', delayAt, points, note);

  const delivered = addMission(w, {
    company: me,
    driver: julien,
    from: 'chassieu',
    to: 'montpellier',
    job: 'palettes',
    start: w.wall(-1, '07:00'),
    status: 'delivered',
    createdAt: w.at(-4 * DAY),
  });
  finishedTrip(w, delivered);
  waited(
    w,
    delivered,
    'delivery',
    plus(delivered.row.deliveredAt!, -50 * MINUTE),
    35,
    'Quai occupé à l’arrivée, attente avant le déchargement.',
  );

  const soon = addMission(w, {
    company: me,
    driver: elodie,
    from: 'lyonPort',
    to: 'grenoble',
    job: 'palettes',
    start: rounded(w.at(2 * HOUR), 15, true),
    status: 'assigned',
    createdAt: w.at(-2 * DAY),
    assignedAt: w.at(-22 * HOUR),
    signed: ['driver'],
    applicants: [{ driver: aurelie, status: 'pending' }],
  });
  addMission(w, {
    company: me,
    driver: aurelie,
    from: 'fallavier',
    to: 'rungis',
    job: 'palettes',
    start: w.wall(2, '05:00'),
    status: 'assigned',
    createdAt: w.at(-3 * DAY),
    assignedAt: w.at(-40 * HOUR),
  });

  const open = openMissions(w, person);
  addMission(w, {
    company: me,
    from: 'vienne',
    to: 'dijon',
    job: 'boissons',
    start: w.wall(1, '08:00'),
    status: 'cancelled',
    createdAt: w.at(-5 * DAY),
    cancelledAt: w.at(-3 * DAY),
    reason: 'Commande annulée par le client (rupture de stock chez son fournisseur).',
    applicants: [
      { driver: karim, status: 'pending', at: w.at(-4 * DAY) },
      { driver: julien, status: 'pending', at: w.at(-4 * DAY + 5 * HOUR) },
    ],
  });

  const done = history(w, cast, me);

  // What the visitor was told of it all.
  const step = (mission: Mission, status: 'in_progress' | 'delivered', at: Date, read: boolean) =>
    alert(
      w,
      {
        type: 'mission.status_changed',
        missionId: mission.row.id,
        title: mission.row.title,
        companyId: me.id,
        driverId: mission.driver!.id,
        status,
      },
      at,
      read,
    );
  step(live, 'in_progress', live.row.startedAt!, true);
  step(delivered, 'delivered', delivered.row.deliveredAt!, false);
  alert(
    w,
    {
      type: 'incident.reported',
      incidentId,
      missionId: live.row.id,
      title: live.row.title,
      companyId: me.id,
      driverId: karim.id,
      driverName: karim.fullName,
      incidentType: 'delay',
      note,
    },
    delayAt,
    false,
  );
  for (const application of w.rows.applications.filter((row) =>
    open.some((m) => m.row.id === row.missionId),
  )) {
    const mission = open.find((m) => m.row.id === application.missionId)!;
    const driver = w.accounts.find((account) => account.id === application.driverId)!;
    const fields = {
      applicationId: w.id(),
      missionId: mission.row.id,
      title: mission.row.title,
      companyId: me.id,
      driverId: driver.id,
      driverName: driver.fullName,
    };
    const at = application.createdAt!;
    alert(w, { type: 'application.created', ...fields }, at, at < w.at(-12 * HOUR));
    if (application.status === 'withdrawn')
      alert(w, { type: 'application.withdrawn', ...fields }, application.updatedAt!, true);
  }

  transporterTalks(w, cast, { live, delivered, soon, lesquin: open[0]! }, done);
}

/** Five open missions: applications waiting on four of them, one just published. */
function openMissions(w: World, person: (key: string) => Account): Mission[] {
  const me = w.visitor;
  const pending = (keys: string[], hoursAgo: number[]): Applicant[] =>
    keys.map((key, index) => ({
      driver: person(key),
      status: 'pending',
      at: w.at(-hoursAgo[index]! * HOUR),
    }));
  return [
    addMission(w, {
      company: me,
      from: 'villefranche',
      to: 'lesquin',
      job: 'frigo',
      start: w.wall(1, '05:00'),
      status: 'available',
      urgency: true,
      createdAt: w.at(-30 * HOUR),
      applicants: pending(['mehdi-saidi', 'sebastien-morel', 'julien-petit'], [26, 9, 2]),
    }),
    addMission(w, {
      company: me,
      from: 'plaineAin',
      to: 'bordeaux',
      job: 'acier',
      engagement: 'independent',
      start: w.wall(3, '06:00'),
      status: 'available',
      createdAt: w.at(-2 * DAY),
      applicants: pending(['laurent-rousseau', 'nicolas-bernard'], [30, 6]),
    }),
    addMission(w, {
      company: me,
      from: 'chassieu',
      to: 'valence',
      job: 'benne',
      start: w.wall(2, '07:00'),
      status: 'available',
      createdAt: w.at(-28 * HOUR),
      applicants: [
        ...pending(['julien-petit'], [20]),
        { driver: person('elodie-marchand'), status: 'withdrawn', at: w.at(-22 * HOUR) },
      ],
    }),
    addMission(w, {
      company: me,
      from: 'lyonPort',
      to: 'fos',
      job: 'conteneur',
      start: w.wall(5, '06:30'),
      status: 'available',
      createdAt: w.at(-3 * HOUR),
    }),
    addMission(w, {
      company: me,
      from: 'corbas',
      to: 'saintEtienne',
      job: 'tournee',
      start: w.wall(1, '06:00'),
      status: 'available',
      createdAt: w.at(-36 * HOUR),
      applicants: [
        ...pending(['elodie-marchand', 'aurelie-fontaine'], [31, 4]),
        { driver: person('karim-haddad'), status: 'rejected', at: w.at(-33 * HOUR) },
      ],
    }),
  ];
}

const SPREAD = [0, 2, -1, 3, 1, -2, 2];

/**
 * 18 completed missions over eleven months with the personas: paid (declared, then confirmed by the driver),
 * one declared paid waiting for the driver, one disputed by an independent carrier, the last ones not due yet.
 */
function history(w: World, cast: Cast, me: Account): Mission[] {
  const count = HISTORY.length;
  const today = parisDate(w.now);
  const done: Mission[] = [];
  HISTORY.forEach(([driverKey, from, to, job], index) => {
    const driver = who(cast, driverKey);
    // Every three weeks, a day or two either side: not all on the same weekday, and none on a Sunday.
    const day = w.notSunday(
      index === count - 1
        ? -3
        : index === count - 2
          ? -8
          : -Math.round(335 - (index * 315) / (count - 3)) + SPREAD[index % SPREAD.length]!,
    );
    const mission = addMission(w, {
      company: me,
      driver,
      from,
      to,
      job,
      start: w.wall(day, index % 2 === 0 ? '05:30' : '06:00'),
      status: 'completed',
      engagement: driver.persona!.engagement,
    });
    done.push(mission);
    if (index >= count - 6) finishedTrip(w, mission);
    const row = mission.row;
    const due = paymentDueDate(row.engagementType, row.paymentTerms, parisDate(row.completedAt!));
    const paidOn =
      addDays(due, -1) < today && addDays(due, -1) >= parisDate(row.completedAt!) ? addDays(due, -1) : null;
    let plan: SettlementPlan = { status: 'owed' };
    if (index === count - 2)
      plan = { status: 'marked_paid', paidOn: parisDate(w.at(-2 * DAY)), markedAt: w.at(-2 * DAY) };
    else if (index === count - 3 && row.engagementType === 'independent')
      plan = {
        status: 'disputed',
        disputedAt: plus(row.completedAt!, 2 * DAY),
        reason: 'Le péage de l’A71 convenu au téléphone n’apparaît pas dans le montant réglé.',
      };
    else if (paidOn && index < count - 2) {
      const markedAt = w.wall(Math.round((Date.parse(paidOn) - Date.parse(today)) / DAY), '16:00');
      plan = {
        status: 'confirmed',
        paidOn,
        markedAt,
        confirmedAt: earliest(plus(markedAt, 30 * HOUR), w.at(-HOUR)),
      };
    }
    const payment = settle(w, mission, plan);
    if (plan.status === 'disputed')
      alert(
        w,
        { type: 'payment.disputed', ...paymentEventBase(payment), reason: plan.reason! },
        plan.disputedAt!,
        false,
      );
    if (plan.status === 'confirmed' && index >= count - 6)
      alert(w, { type: 'payment.confirmed', ...paymentEventBase(payment) }, plan.confirmedAt!, true);
    if (index === count - 1) {
      alert(
        w,
        {
          type: 'payment.created',
          ...paymentEventBase(payment),
          engagementType: row.engagementType as 'employment',
          dueDate: payment.row.dueDate,
        },
        row.completedAt!,
        true,
      );
      // The driver has written; the visitor's turn.
      const waiting = review(w, mission, 'driver', { rating: 5, afterHours: 9 });
      alert(
        w,
        {
          type: 'review.submitted',
          missionId: row.id,
          title: row.title,
          reviewerName: driver.fullName,
          revieweeId: me.id,
          closesAt: reviewClosesAt(row.completedAt!).toISOString(),
        },
        waiting.createdAt,
        false,
      );
    } else if (index === count - 2) {
      const theirs = review(w, mission, 'driver', { rating: 5, afterHours: 4 });
      const mine = review(w, mission, 'company', { rating: 5, afterHours: 22 });
      alert(
        w,
        {
          type: 'review.published',
          reviewId: theirs.id,
          missionId: row.id,
          title: row.title,
          reviewerName: driver.fullName,
          revieweeId: me.id,
          rating: theirs.rating,
        },
        latest(theirs.createdAt, mine.createdAt),
        true,
      );
    } else {
      if (w.random() < 0.85) review(w, mission, 'company', { rating: w.random() < 0.75 ? 5 : 4 });
      if (w.random() < 0.7) review(w, mission, 'driver', { rating: w.random() < 0.7 ? 5 : 4 });
    }
  });
  return done;
}
