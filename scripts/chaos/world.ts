import type pg from 'pg';
import { hashPassword } from '../../src/server/platform/passwords.js';
import { type Session, signIn } from './http.js';
import type { Snapshot } from './snapshot.js';

/**
 * The people of a chaos run and what the load knows of their missions and applications. The database is the truth:
 * after each restart the model is read again from it (writes cut by the kill may or may not have happened), and in
 * between it follows the acknowledged answers.
 */
export interface Person {
  id: string;
  email: string;
  name: string;
  role: 'driver' | 'transporter';
  /** basic: the Freemium limits (5 messages a day; drivers 3 applications a month); others lift them. */
  plan: string;
  session: Session;
}

export interface MissionState {
  id: string;
  companyId: string;
  status: string;
  driverId: string | null;
  startMs: number;
  waived: boolean;
  proof: boolean;
}

export interface ApplicationState {
  id: string;
  missionId: string;
  driverId: string;
  status: string;
}

const PASSWORD = 'chaos-motdepasse';
/** Each driver's papers, verified by Relais and valid two more years: the missions that require them admit them. */
const PAPERS = ['permis', 'carte_conducteur', 'fco'] as const;

/**
 * Transporters (half on the paid "transporter" plan, half on the free one) and drivers (two in three Premium, the
 * rest Freemium), written straight into the database with confirmed addresses and verified papers, then signed in
 * over HTTP: every request of the load carries a real session cookie.
 */
export async function seedPeople(
  pool: pg.Pool,
  base: string,
  counts: { transporters: number; drivers: number },
): Promise<Person[]> {
  const password = await hashPassword(PASSWORD);
  const rows: Array<Omit<Person, 'session'>> = [];
  for (let i = 1; i <= counts.transporters; i++) {
    const plan = i % 2 === 0 ? 'transporter' : 'basic';
    const { rows: inserted } = await pool.query<{ id: string }>(
      `insert into users (email, password, user_type, full_name, company_name, siret_number, phone,
         email_verified, subscription_plan)
       values ($1, $2, 'company', $3, $4, '73282932000074', '+33123456789', true, $5) returning id`,
      [`chaos-transporteur-${i}@exemple.fr`, password, `Claire Martin ${i}`, `Transports Chaos ${i}`, plan],
    );
    rows.push({
      id: inserted[0]!.id,
      email: `chaos-transporteur-${i}@exemple.fr`,
      name: `Claire Martin ${i}`,
      role: 'transporter',
      plan,
    });
  }
  for (let i = 1; i <= counts.drivers; i++) {
    const plan = i % 3 === 0 ? 'basic' : 'premium';
    const { rows: inserted } = await pool.query<{ id: string }>(
      `insert into users (email, password, user_type, full_name, phone, license_number, license_type,
         years_experience, email_verified, documents_verified, subscription_plan)
       values ($1, $2, 'driver', $3, '+33612345678', '12AB34567', 'CE', 6, true, true, $4) returning id`,
      [`chaos-chauffeur-${i}@exemple.fr`, password, `Jean Routier ${i}`, plan],
    );
    const id = inserted[0]!.id;
    for (const type of PAPERS)
      await pool.query(
        `insert into documents (user_id, type, file_name, file_url, status, expiration_date, verified_at)
         values ($1, $2, $3, $4, 'verified', (now() + interval '2 years')::date, now())`,
        [id, type, `${type}.pdf`, `documents/${id}/${type}.pdf`],
      );
    rows.push({
      id,
      email: `chaos-chauffeur-${i}@exemple.fr`,
      name: `Jean Routier ${i}`,
      role: 'driver',
      plan,
    });
  }
  const people: Person[] = [];
  // A few at a time: each login checks a scrypt hash.
  for (let start = 0; start < rows.length; start += 4) {
    const batch = rows.slice(start, start + 4);
    const sessions = await Promise.all(batch.map((row) => signIn(base, row.email, PASSWORD)));
    batch.forEach((row, index) => people.push({ ...row, session: sessions[index]! }));
  }
  return people;
}

export class World {
  readonly people = new Map<string, Person>();
  readonly drivers: Person[];
  readonly transporters: Person[];
  missions = new Map<string, MissionState>();
  applications = new Map<string, ApplicationState>();
  /** `driver|mission` pairs that have an application (a second one is refused). */
  applied = new Set<string>();
  /**
   * Messages acknowledged and not yet known to be read, by `sender|receiver|mission`: a "read" acknowledged after
   * them must leave them read.
   */
  unread = new Map<string, string[]>();

  constructor(people: Person[]) {
    for (const person of people) this.people.set(person.id, person);
    this.drivers = people.filter((person) => person.role === 'driver');
    this.transporters = people.filter((person) => person.role === 'transporter');
  }

  person(id: string): Person {
    return this.people.get(id)!;
  }

  addMission(mission: MissionState) {
    this.missions.set(mission.id, mission);
  }

  addApplication(application: ApplicationState) {
    this.applications.set(application.id, application);
    this.applied.add(`${application.driverId}|${application.missionId}`);
  }

  /** Applications a driver sent this month (the Freemium limit counts withdrawn ones too). */
  applicationsOf(driverId: string): number {
    let count = 0;
    for (const application of this.applications.values()) if (application.driverId === driverId) count++;
    return count;
  }

  messageSent(key: string, id: string) {
    const list = this.unread.get(key);
    if (list) list.push(id);
    else this.unread.set(key, [id]);
  }

  /** The model read again from the database after a restart. */
  resync(snapshot: Snapshot) {
    this.missions = new Map();
    for (const row of snapshot.missions.values())
      this.missions.set(row.id, {
        id: row.id,
        companyId: row.companyId,
        status: row.status,
        driverId: row.driverId,
        startMs: row.startMs,
        waived: snapshot.engagements.get(row.id)?.waived ?? false,
        proof: snapshot.proofs.has(row.id),
      });
    this.applications = new Map();
    this.applied = new Set();
    for (const row of snapshot.applications.values())
      this.addApplication({
        id: row.id,
        missionId: row.missionId,
        driverId: row.driverId,
        status: row.status,
      });
    this.unread = new Map();
    for (const row of snapshot.messages.values())
      if (!row.read) this.messageSent(`${row.senderId}|${row.receiverId}|${row.missionId}`, row.id);
  }
}
