import {
  addYears,
  DRIVER_DOCUMENT_LABELS,
  documentsVerified,
  REMINDER_STAGES,
  type DriverDocumentType,
  type Paper,
} from '#core/rules/documents.js';
import { fileUrlOf } from '../../../platform/driver-papers.js';
import { alert } from './alerts.js';
import { DAY, earliest, HOUR, latest, plus, type Account, type World } from './world.js';
import { addDays, parisDate } from '#core/rules/days.js';

/**
 * Drivers' professional papers as the documents feature stores them (one row each, verified by Relais, the file
 * being the specimen), the `users` columns syncDriverPapers keeps in step with them, and — for the visitor — the
 * expiry reminders already sent for the one paper that expires soon.
 */
interface PaperPlan {
  type: DriverDocumentType;
  number: string | null;
  /** How long the paper is valid from its issue, and how much of it is left (days). */
  validityYears: number;
  daysLeft: number;
  details?: { categories?: string[]; adrKinds?: string[] };
}

const FILE_NAMES: Record<DriverDocumentType, string> = {
  permis: 'permis-de-conduire.pdf',
  carte_conducteur: 'carte-conducteur.pdf',
  fimo: 'attestation-fimo.pdf',
  fco: 'attestation-fco.pdf',
  adr: 'certificat-adr.pdf',
  identite: 'carte-identite.pdf',
  autre: 'document.pdf',
};

function papersOf(driver: Account, index: number, visitor: boolean): PaperPlan[] {
  const seed = String(7_314_000 + index * 7_919);
  const adr = (driver.row.certifications ?? []).includes('ADR');
  const plans: PaperPlan[] = [
    {
      type: 'permis',
      number: driver.row.licenseNumber ?? null,
      // The medical validity of a heavy-goods licence: 5 years.
      validityYears: 5,
      daysLeft: 3 * 365 - index * 40,
      details: { categories: driver.row.licenseType === 'C' ? ['C1', 'C'] : ['C1', 'C', 'C1E', 'CE'] },
    },
    {
      type: 'carte_conducteur',
      number: `F${seed}00000${index}`.slice(0, 16),
      validityYears: 5,
      daysLeft: 2 * 365 + index * 25,
    },
    { type: 'fco', number: `FCO-${seed}`, validityYears: 5, daysLeft: 4 * 365 - index * 30 },
  ];
  // The visitor's ADR certificate expires in 20 days: the reminders, the warning and the renewal can be seen.
  if (adr)
    plans.push({
      type: 'adr',
      number: `ADR-${seed.slice(2)}`,
      validityYears: 5,
      daysLeft: visitor ? 20 : 2 * 365 + index * 11,
      details: { adrKinds: ['base', 'citerne'] },
    });
  if (visitor) plans.push({ type: 'identite', number: '180769300214', validityYears: 15, daysLeft: 9 * 365 });
  return plans;
}

/**
 * Every driver's papers, their `users` columns, the visitor's reminders of the paper expiring soon, and the
 * driver's profile validated by Relais once the papers were checked: without it the visitor's own documents page
 * says the interview is still to come, and every candidate a transporter sees is marked « Non vérifié ».
 */
export function addPapers(w: World): void {
  const today = parisDate(w.now);
  const drivers = w.accounts.filter((account) => account.side === 'driver');
  drivers.forEach((driver, index) => {
    const visitor = driver.persona === null;
    const papers: Paper[] = [];
    for (const plan of papersOf(driver, index, visitor)) {
      const id = w.id();
      const expirationDate = addDays(today, plan.daysLeft);
      const issuedAt = addYears(expirationDate, -plan.validityYears);
      // Sent once the account existed and the paper was issued, a while ago.
      const uploadedAt = earliest(
        latest(plus(driver.row.createdAt ?? w.now, 2 * DAY), new Date(`${issuedAt}T10:00:00Z`)),
        w.at(-3 * DAY),
      );
      w.rows.documents.push({
        id,
        userId: driver.id,
        type: plan.type,
        fileName: FILE_NAMES[plan.type],
        fileUrl: w.specimen.key,
        mimeType: w.specimen.mimeType,
        sizeBytes: w.specimen.sizeBytes,
        sha256: w.specimen.sha256,
        number: plan.number,
        issuedAt,
        expirationDate,
        details: plan.details ?? {},
        uploadedAt,
        status: 'verified',
        verifiedAt: new Date(uploadedAt.getTime() + 20 * HOUR),
        verifiedBy: null,
      });
      papers.push({ id, type: plan.type, status: 'verified', expirationDate });
      if (visitor && plan.type === 'adr') reminders(w, driver, id, expirationDate, plan.daysLeft);
    }
    syncColumns(driver, papers, today);
    validate(w, driver);
  });
}

/** The interview a few days after sign-up, the profile validated the next day (never after yesterday). */
function validate(w: World, driver: Account): void {
  const validatedAt = earliest(plus(driver.row.createdAt ?? w.now, 5 * DAY), w.at(-DAY));
  w.rows.validations.push({
    userId: driver.id,
    status: 'approved',
    interviewDate: plus(validatedAt, -DAY),
    validatedAt,
    createdAt: driver.row.createdAt ?? validatedAt,
  });
}

/**
 * The reminders the daily job has sent for a paper `daysLeft` from expiry: each stage already passed (90, then
 * 30 days before), claimed in document_reminders, each with its "Document bientôt expiré" alert.
 */
function reminders(w: World, driver: Account, documentId: string, expiresOn: string, daysLeft: number): void {
  for (const stage of REMINDER_STAGES) {
    if (stage < daysLeft || stage === 0) continue;
    const sentAt = w.wall(daysLeft - stage, '07:00');
    if (!w.past(sentAt)) continue;
    w.rows.reminders.push({ documentId, stage, sentAt });
    alert(
      w,
      {
        type: 'document.expiring',
        documentId,
        driverId: driver.id,
        documentLabel: DRIVER_DOCUMENT_LABELS.adr,
        expiresOn,
        daysLeft: stage,
        missions: [],
      },
      sentAt,
      stage > 30,
    );
  }
}

/** users.*Url / *Expiry and documentsVerified, as platform/driver-papers.ts syncDriverPapers sets them. */
function syncColumns(driver: Account, papers: Paper[], today: string): void {
  const pick = (type: DriverDocumentType) => {
    const paper = papers.find((p) => p.type === type);
    return { url: paper ? fileUrlOf(paper.id) : null, expiry: paper?.expirationDate ?? null };
  };
  const licence = pick('permis');
  const card = pick('carte_conducteur');
  const adr = pick('adr');
  const fimo = pick('fimo');
  const fco = pick('fco');
  Object.assign(driver.row, {
    drivingLicenseUrl: licence.url,
    drivingLicenseExpiry: licence.expiry,
    driverCardUrl: card.url,
    driverCardExpiry: card.expiry,
    adrCardUrl: adr.url,
    adrCardExpiry: adr.expiry,
    fimoUrl: fimo.url,
    fimoExpiry: fimo.expiry,
    fcosUrl: fco.url,
    fcosExpiry: fco.expiry,
    documentsVerified: documentsVerified(papers, driver.row.certifications ?? [], today),
  });
}

/**
 * The drivers' calendars: visible to transporters searching for drivers, the next two weeks marked (weekends
 * off, one day partly taken), as the availability feature stores them.
 */
export function addCalendars(w: World): void {
  const today = parisDate(w.now);
  const drivers = w.accounts.filter((account) => account.side === 'driver');
  drivers.forEach((driver, index) => {
    w.rows.calendars.push({ driverId: driver.id, visibleToTransporters: true });
    for (let offset = 1; offset <= 14; offset++) {
      const date = addDays(today, offset);
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      const weekend = weekday === 0 || weekday === 6;
      if (weekend && weekday === 6 && index % 3 === 0) continue;
      const partly = !weekend && (offset + index) % 6 === 0;
      w.rows.availability.push({
        driverId: driver.id,
        date,
        status: weekend ? 'unavailable' : partly ? 'busy' : 'available',
        startTime: partly ? '06:00' : null,
        endTime: partly ? '13:00' : null,
        notes: weekend ? 'Repos' : partly ? 'Rendez-vous médical l’après-midi' : null,
      });
    }
  });
}
