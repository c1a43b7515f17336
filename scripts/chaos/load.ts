import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Outcome } from './http.js';
import type { ApplicationState, MissionState, Person, World } from './world.js';

/**
 * The chaos run's write load: workers that each, in turn, take a step a real user could take now (publish, apply,
 * accept or reject, withdraw, waive the signatures, start, send the proof of delivery, deliver, confirm the end,
 * write, read), chosen at random among the steps the model allows, over HTTP with that user's session. Every
 * acknowledged write (2xx) is written in the ledger with what it wrote; the checks look for each after the restart.
 */
export type Write =
  | { kind: 'publish'; missionId: string; companyId: string; title: string }
  | { kind: 'apply'; applicationId: string; missionId: string; driverId: string }
  | { kind: 'accept' | 'reject' | 'withdraw'; applicationId: string }
  | { kind: 'waive' | 'start' | 'proof' | 'deliver' | 'complete'; missionId: string }
  | { kind: 'message'; messageId: string; senderId: string; receiverId: string; content: string }
  | { kind: 'read'; readerId: string; messageIds: string[] };

export type Entry = Write & { round: number };

export interface RoundStats {
  acknowledged: Record<string, number>;
  /** Refusals the rules give when two users race or a limit is reached, by "kind status". */
  refused: Record<string, number>;
  /** Requests cut by the kill: their outcome is unknown (the checks read what the database holds). */
  unknown: number;
  /** 5xx, unexpected refusals, and requests without an answer before the kill. */
  errors: string[];
}

/** Refusals a step may meet when users race (409), at a Freemium limit (402), or under the relation rules (403). */
const EXPECTED: Record<string, number[]> = {
  apply: [402, 409],
  accept: [409],
  reject: [409],
  withdraw: [409],
  waive: [409],
  start: [409],
  proof: [409],
  deliver: [409],
  complete: [409],
  message: [402, 403],
};

const WEIGHTS: Array<[string, number]> = [
  ['publish', 6],
  ['apply', 14],
  ['accept', 6],
  ['reject', 1],
  ['withdraw', 2],
  ['waive', 4],
  ['start', 4],
  ['proof', 3],
  ['deliver', 3],
  ['complete', 3],
  ['message', 24],
  ['read', 6],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
/** Open missions the load keeps at most: enough to apply to, few enough that they get drivers. */
const OPEN_MISSIONS = 30;

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

let signature: Buffer | undefined;
/** A signature as the phone's canvas exports it: a transparent PNG with a dark stroke across. */
async function signaturePng(): Promise<Buffer> {
  if (signature) return signature;
  const width = 120;
  const height = 40;
  const pixels = Buffer.alloc(width * height * 4);
  for (let x = 10; x < 110; x++) {
    const y = 20 + Math.round(10 * Math.sin(x / 8));
    pixels.set([20, 20, 40, 255], (y * width + x) * 4);
  }
  signature = await sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return signature;
}

/** The proof of delivery as the browser's FormData sends it: the recipient's name and the signature. */
async function proofForm(): Promise<{ body: Buffer; contentType: string }> {
  const boundary = `----chaos${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="recipientName"\r\n\r\nPaul Quai\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="signature"; filename="signature.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    await signaturePng(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export class Load {
  /** Set just before the kill: from then on a request without an answer is an unknown outcome, not an error. */
  private killing = false;
  private stopped = false;
  private running: Promise<void> = Promise.resolve();
  private sequence = 0;
  readonly stats: RoundStats = { acknowledged: {}, refused: {}, unknown: 0, errors: [] };

  constructor(
    private readonly world: World,
    private readonly ledger: Entry[],
    private readonly round: number,
  ) {}

  start(workers: number) {
    this.running = Promise.all(Array.from({ length: workers }, () => this.worker())).then(() => undefined);
  }

  /** Just before the kill: no new step; those under way go on, for the kill to cut them. */
  halt() {
    this.stopped = true;
    this.killing = true;
  }

  /** Waits for the steps under way (cut by the kill, they fail at once). */
  async stop() {
    this.halt();
    await this.running;
  }

  private async worker() {
    while (!this.stopped) {
      const step = this.choose();
      if (step) await step();
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** A step, drawn by weight among the kinds that have something to act on now. */
  private choose(): (() => Promise<void>) | null {
    for (let tries = 0; tries < 8; tries++) {
      let draw = Math.random() * TOTAL_WEIGHT;
      const kind = WEIGHTS.find(([, weight]) => (draw -= weight) < 0)![0];
      const step = this.stepFor(kind);
      if (step) return step;
    }
    return null;
  }

  private stepFor(kind: string): (() => Promise<void>) | null {
    const world = this.world;
    const missions = [...world.missions.values()];
    const applications = [...world.applications.values()];
    const now = Date.now();
    const open = missions.filter((m) => m.status === 'available' && m.startMs > now + 60_000);
    const inStatus = (status: string, also: (m: MissionState) => boolean = () => true) =>
      pick(missions.filter((m) => m.status === status && also(m)));
    switch (kind) {
      case 'publish':
        return open.length < OPEN_MISSIONS ? () => this.publish(pick(world.transporters)!) : null;
      case 'apply': {
        const mission = pick(open);
        if (!mission) return null;
        // A Freemium driver past the limit still tries now and then: the limit must hold under concurrency.
        const driver = pick(
          world.drivers.filter(
            (d) =>
              !world.applied.has(`${d.id}|${mission.id}`) &&
              (d.plan !== 'basic' || world.applicationsOf(d.id) < 3 || Math.random() < 0.05),
          ),
        );
        return driver ? () => this.apply(driver, mission) : null;
      }
      case 'accept':
      case 'reject': {
        const application = pick(
          applications.filter(
            (a) => a.status === 'pending' && world.missions.get(a.missionId)?.status === 'available',
          ),
        );
        return application ? () => this.decide(application, kind) : null;
      }
      case 'withdraw': {
        const application = pick(applications.filter((a) => a.status === 'pending'));
        return application ? () => this.withdraw(application) : null;
      }
      case 'waive': {
        const mission = inStatus('assigned', (m) => !m.waived);
        return mission ? () => this.waive(mission) : null;
      }
      case 'start': {
        const mission = inStatus('assigned', (m) => m.waived && m.driverId !== null);
        return mission ? () => this.advance(mission, 'start', 'in_progress') : null;
      }
      case 'proof': {
        const mission = inStatus('in_progress', (m) => !m.proof);
        return mission ? () => this.proof(mission) : null;
      }
      case 'deliver': {
        const mission = inStatus('in_progress', (m) => m.proof);
        return mission ? () => this.advance(mission, 'deliver', 'delivered') : null;
      }
      case 'complete': {
        const mission = inStatus('delivered');
        return mission ? () => this.advance(mission, 'complete', 'completed') : null;
      }
      case 'message': {
        const application = pick(
          applications.filter((a) => a.status === 'pending' || a.status === 'accepted'),
        );
        if (!application) return null;
        const company = world.missions.get(application.missionId)!.companyId;
        const [from, to] =
          Math.random() < 0.5 ? [application.driverId, company] : [company, application.driverId];
        return () => this.message(world.person(from), world.person(to), application.missionId);
      }
      case 'read': {
        const key = pick([...world.unread.entries()].filter(([, ids]) => ids.length > 0).map(([k]) => k));
        return key ? () => this.read(key) : null;
      }
    }
    return null;
  }

  /** Sends one request and sorts its answer; `acknowledged` runs on a 2xx with the parsed body. */
  private async attempt(
    kind: string,
    send: () => Promise<Outcome>,
    acknowledged: (body: Record<string, unknown>) => void,
  ) {
    const outcome = await send();
    const stats = this.stats;
    if (outcome.kind === 'ack') {
      stats.acknowledged[kind] = (stats.acknowledged[kind] ?? 0) + 1;
      acknowledged(outcome.body as Record<string, unknown>);
    } else if (outcome.kind === 'no-answer') {
      if (this.killing) stats.unknown++;
      else stats.errors.push(`${kind}: no answer (${outcome.error}) before the kill`);
    } else if (outcome.kind === 'refused' && EXPECTED[kind]?.includes(outcome.status)) {
      const key = `${kind} ${outcome.status}`;
      stats.refused[key] = (stats.refused[key] ?? 0) + 1;
    } else {
      stats.errors.push(`${kind}: ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 300)}`);
    }
  }

  private record(write: Write) {
    this.ledger.push({ ...write, round: this.round });
  }

  private async publish(company: Person) {
    const title = `Mission chaos ${this.round}.${++this.sequence}`;
    // Starts in 100 minutes: drivers may apply, and the chosen one may start it at once (2 hours before).
    const start = new Date(Date.now() + 100 * 60_000);
    const required = pick([
      ['permis'],
      ['permis', 'carte_conducteur'],
      ['permis', 'carte_conducteur', 'fimo_fco'],
    ]);
    await this.attempt(
      'publish',
      () =>
        company.session.post('/api/missions', {
          title,
          description: 'Chargement de produits frais au MIN de Rungis, livraison sur plateforme à Lesquin.',
          pickupAddress: 'MIN de Rungis, 1 rue de la Tour, 94150 Rungis',
          deliveryAddress: 'Zone logistique, 59810 Lesquin',
          vehicleType: pick(['semi_frigorifique', 'porteur', 'semi_remorque']),
          startDate: start.toISOString(),
          endDate: new Date(start.getTime() + 8 * 3600_000).toISOString(),
          price: String(300 + Math.floor(Math.random() * 600)),
          pricingType: 'flat',
          requiredDocuments: required,
          urgency: Math.random() < 0.3,
          engagementType: 'employment',
        }),
      (body) => {
        const id = (body.mission as { id: string }).id;
        this.world.addMission({
          id,
          companyId: company.id,
          status: 'available',
          driverId: null,
          startMs: start.getTime(),
          waived: false,
          proof: false,
        });
        this.record({ kind: 'publish', missionId: id, companyId: company.id, title });
      },
    );
  }

  private async apply(driver: Person, mission: MissionState) {
    await this.attempt(
      'apply',
      () => driver.session.post(`/api/missions/${mission.id}/apply`, { message: 'Disponible, permis CE.' }),
      (body) => {
        const id = body.id as string;
        this.world.addApplication({ id, missionId: mission.id, driverId: driver.id, status: 'pending' });
        this.record({ kind: 'apply', applicationId: id, missionId: mission.id, driverId: driver.id });
      },
    );
  }

  private async decide(application: ApplicationState, decision: 'accept' | 'reject') {
    const mission = this.world.missions.get(application.missionId)!;
    const company = this.world.person(mission.companyId);
    await this.attempt(
      decision,
      () => company.session.post(`/api/applications/${application.id}/${decision}`),
      () => {
        if (decision === 'reject') application.status = 'rejected';
        else {
          application.status = 'accepted';
          mission.status = 'assigned';
          mission.driverId = application.driverId;
          for (const other of this.world.applications.values())
            if (other.missionId === mission.id && other.status === 'pending') other.status = 'rejected';
        }
        this.record({ kind: decision, applicationId: application.id });
      },
    );
  }

  private async withdraw(application: ApplicationState) {
    await this.attempt(
      'withdraw',
      () =>
        this.world.person(application.driverId).session.post(`/api/applications/${application.id}/withdraw`),
      () => {
        application.status = 'withdrawn';
        this.record({ kind: 'withdraw', applicationId: application.id });
      },
    );
  }

  private async waive(mission: MissionState) {
    await this.attempt(
      'waive',
      () =>
        this.world.person(mission.companyId).session.post(`/api/missions/${mission.id}/engagement/waive`, {
          reason: 'Contrat signé sur papier au dépôt ce matin.',
        }),
      () => {
        mission.waived = true;
        this.record({ kind: 'waive', missionId: mission.id });
      },
    );
  }

  private async advance(mission: MissionState, action: 'start' | 'deliver' | 'complete', to: string) {
    const actor = this.world.person(action === 'complete' ? mission.companyId : mission.driverId!);
    await this.attempt(
      action,
      () => actor.session.request('POST', `/api/missions/${mission.id}/${action}`),
      () => {
        mission.status = to;
        this.record({ kind: action, missionId: mission.id });
      },
    );
  }

  private async proof(mission: MissionState) {
    const form = await proofForm();
    await this.attempt(
      'proof',
      () =>
        this.world
          .person(mission.driverId!)
          .session.request('POST', `/api/missions/${mission.id}/delivery-proof`, { raw: form }),
      () => {
        mission.proof = true;
        this.record({ kind: 'proof', missionId: mission.id });
      },
    );
  }

  private async message(from: Person, to: Person, missionId: string) {
    const content = `Message chaos ${this.round}.${++this.sequence} : j’arrive au quai dans 20 minutes.`;
    await this.attempt(
      'message',
      () => from.session.post(`/api/messages/${to.id}`, { content, missionId }),
      (body) => {
        const id = body.id as string;
        this.world.messageSent(`${from.id}|${to.id}|${missionId}`, id);
        this.record({ kind: 'message', messageId: id, senderId: from.id, receiverId: to.id, content });
      },
    );
  }

  /** The receiver opens the conversation: what was acknowledged before the click must then be read. */
  private async read(key: string) {
    const [senderId, receiverId, missionId] = key.split('|') as [string, string, string];
    const before = [...(this.world.unread.get(key) ?? [])];
    await this.attempt(
      'read',
      () =>
        this.world
          .person(receiverId)
          .session.request('POST', `/api/messages/${senderId}/read?missionId=${missionId}`),
      () => {
        const left = (this.world.unread.get(key) ?? []).filter((id) => !before.includes(id));
        this.world.unread.set(key, left);
        this.record({ kind: 'read', readerId: receiverId, messageIds: before });
      },
    );
  }
}
