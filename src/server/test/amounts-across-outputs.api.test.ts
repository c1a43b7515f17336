import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missionCharges } from '#core/rules/charges.js';
import { formatMoney } from '#core/rules/money.js';
import { alerts } from '../db/schema/messaging.js';
import { waitingPeriods } from '../db/schema/road.js';
import type { NewUser, User } from '../db/schema/users.js';
import { sendDigests } from '../features/alerts/digest.js';
import { attachedFacturXml } from './e-invoice-validator.js';
import { insertMission, VALID_SIRET } from './factories.js';
import { type Agent, createTestApp, signIn, type TestApp } from './harness.js';
import { pdfText } from './pdf-text.js';
import { createMailer } from '../platform/mailer.js';

/**
 * The amounts of a mission's settlement, as every output says them: the payment page of both parties, their
 * alerts and the e-mail those alerts are mailed in, both wallets and their CSV, and the paper (the carrier's
 * invoice and its Factur-X XML, or the employer's hours statement). All must be the one computation of core
 * (missionCharges), for both frames, every VAT regime and waiting billed. An hourly mission of 7 h 10 min of work
 * (29 started quarter hours, 7,25 h) at 32,47 € an hour: 235,41 € HT; a flat 420,00 € with 37,50 € of waiting:
 * 457,50 € HT.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Party {
  user: User;
  agent: Agent;
}
const HOUR = 3_600_000;
const company = () =>
  signIn(t, {
    userType: 'company',
    companyName: 'Transports Martin',
    billingAddress: '3 avenue du Port, 13002 Marseille',
  });
const carrier = (fields: Partial<NewUser>) =>
  signIn(t, {
    userType: 'driver',
    billingAddress: '12 rue des Lilas, 69007 Lyon',
    siretNumber: VALID_SIRET,
    selfBillingAcceptedAt: new Date('2026-01-05T09:00:00Z'),
    ...fields,
  });

const CASES = [
  { name: 'an employed driver (gross pay)', frame: 'employment', driver: {} },
  {
    name: 'an independent carrier under the VAT franchise',
    frame: 'independent',
    driver: { vatRegime: 'franchise' },
  },
  {
    name: 'an independent carrier subject to VAT (20 %)',
    frame: 'independent',
    driver: { vatRegime: 'normal', vatNumber: 'FR44732829320' },
  },
  {
    name: 'an independent carrier subject to VAT, at a flat price, with waiting billed beyond the franchise',
    frame: 'independent',
    driver: { vatRegime: 'normal', vatNumber: 'FR44732829320' },
    waiting: true,
  },
] as const;

let count = 0;
/**
 * Hourly at 32,47 € (7 h 10 of work); or, with `waiting`, a flat 420,00 € with a waiting rate of 12,50 € HT a
 * started quarter hour beyond 1 h free, and 1 h 40 waited at the pickup (3 quarters billed).
 */
async function completedMission(
  owner: Party,
  driver: Party,
  frame: 'employment' | 'independent',
  waiting = false,
) {
  const startedAt = new Date(Date.now() - 10 * HOUR);
  // The project's completed mission (factories.insertMission), with this test's times, price and frame.
  const row = await insertMission(t.db, {
    companyId: owner.user.id,
    driverId: driver.user.id,
    title: `Porteur ${++count} Rungis → Lille`,
    vehicleType: 'porteur',
    startDate: startedAt,
    endDate: new Date(startedAt.getTime() + 8 * HOUR),
    ...(waiting
      ? { pricingType: 'flat', price: '420.00', waitingQuarterPrice: '12.50', waitingFranchiseMinutes: 60 }
      : { pricingType: 'hourly', price: '32.47' }),
    engagementType: frame,
    assignedAt: startedAt,
    startedAt,
    deliveredAt: new Date(startedAt.getTime() + (7 * 60 + 10) * 60_000),
    completedAt: new Date(startedAt.getTime() + 8 * HOUR),
  });
  if (waiting)
    await t.db.insert(waitingPeriods).values({
      missionId: row.id,
      place: 'pickup',
      startedAt: new Date(startedAt.getTime() + 10 * 60_000),
      endedAt: new Date(startedAt.getTime() + 110 * 60_000),
      startedBy: driver.user.id,
    });
  return row;
}

const decimal = (cents: number) => (cents / 100).toFixed(2);
/** A CSV cell's amount: "235,41". */
const csvAmount = (cents: number) => decimal(cents).replace('.', ',');

/** The mails written to the test outbox for `address`, as a mail client reads them (text part, decoded). */
async function mailsTo(address: string): Promise<string[]> {
  const outbox = path.join(t.config.dataDir, 'outbox');
  const texts: string[] = [];
  for (const file of (await readdir(outbox).catch(() => [] as string[])).filter((name) =>
    name.endsWith('.eml'),
  )) {
    const mail = await simpleParser(await readFile(path.join(outbox, file)));
    const to = [mail.to ?? []].flat().flatMap((one) => one.value.map((entry) => entry.address));
    if (to.includes(address)) texts.push(mail.text ?? '');
  }
  return texts;
}

describe('one amount in every output', () => {
  for (const scenario of CASES) {
    it(scenario.name, async () => {
      const owner = await company();
      const driver = await carrier(scenario.driver);
      const waiting = 'waiting' in scenario;
      const mission = await completedMission(owner, driver, scenario.frame, waiting);
      const subject = scenario.frame === 'independent' && scenario.driver.vatRegime === 'normal';
      const { vat, waiting: billed } = missionCharges(
        mission,
        { pickupMinutes: waiting ? 100 : 0, deliveryMinutes: 0 },
        subject ? 'normal' : 'franchise',
      );
      expect(billed?.amountCents ?? 0).toBe(waiting ? 3750 : 0);
      const expected = {
        amountExclTax: decimal(vat.netCents),
        vatAmount: decimal(vat.vatCents),
        amount: decimal(vat.grossCents),
      };
      expect(expected.amountExclTax).toBe(waiting ? '457.50' : '235.41');

      // The payment page, the same for both parties.
      for (const party of [driver, owner]) {
        const page = await party.agent.get(`/api/missions/${mission.id}/payment`);
        expect(page.statusCode, page.body).toBe(200);
        expect(page.json()).toMatchObject(expected);
      }

      // The alerts of the opening, then the e-mail they are mailed in.
      const said = formatMoney(expected.amount);
      const words =
        scenario.frame === 'employment'
          ? `${said} brut`
          : subject
            ? `${said} TTC`
            : `${said} (TVA non applicable)`;
      let opened: Array<{ userId: string; message: string }> = [];
      for (let attempt = 0; attempt < 100 && opened.length < 2; attempt++) {
        opened = await t.db
          .select({ userId: alerts.userId, message: alerts.message })
          .from(alerts)
          .where(
            and(
              eq(alerts.missionId, mission.id),
              eq(alerts.type, 'payment'),
              sql`${alerts.metadata}->>'event' = 'payment.created'`,
            ),
          );
        if (opened.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(opened.map((alert) => alert.userId).sort()).toEqual([driver.user.id, owner.user.id].sort());
      for (const alert of opened) expect(alert.message).toContain(words);
      await t.db
        .update(alerts)
        .set({ createdAt: sql`now() - interval '10 minutes'` })
        .where(inArray(alerts.userId, [driver.user.id, owner.user.id]));
      // The platform's mailer, writing to the test outbox as a server without SMTP does.
      const mailer = createMailer({
        from: 'Relais <bonjour@relais.fr>',
        dataDir: t.config.dataDir,
        log: t.app.log,
      });
      await sendDigests({ db: t.db, mailer, config: t.config });
      for (const party of [driver, owner]) {
        const mails = (await mailsTo(party.user.email)).join('\n');
        expect(mails, party.user.email).toContain(words);
      }

      // Both wallets: the mission's line, and the same amounts in the CSV export.
      for (const party of [driver, owner]) {
        const page = (await party.agent.get('/api/transactions')).json();
        const line = page.items.find((item: { missionId: string | null }) => item.missionId === mission.id);
        expect(line, party.user.email).toMatchObject({ kind: 'mission', ...expected });
        const csv = (await party.agent.get('/api/transactions/export')).body;
        const row = csv.split('\r\n').find((one) => one.includes(mission.title))!;
        const cells = row.split(';');
        expect(cells, party.user.email).toEqual(
          expect.arrayContaining([
            csvAmount(vat.netCents),
            csvAmount(vat.vatCents),
            csvAmount(vat.grossCents),
          ]),
        );
      }

      // The paper: the carrier's invoice and its XML, or the employer's hours statement.
      const documents = (await owner.agent.get(`/api/missions/${mission.id}/payment`)).json()
        .documents as Array<{
        type: string;
        url: string;
      }>;
      const paper = documents.find(
        (one) => one.type === (scenario.frame === 'employment' ? 'pay_statement' : 'invoice'),
      );
      expect(paper, JSON.stringify(documents)).toBeDefined();
      const file = await owner.agent.get(paper!.url);
      const text = (await pdfText(file.rawPayload)).replace(/\s+/g, ' ');
      if (scenario.frame === 'employment') {
        expect(text).toContain(
          `Rémunération brute convenue ${formatMoney(expected.amount)}`.replace(/\s+/g, ' '),
        );
        return;
      }
      expect(text).toContain(`Total HT ${formatMoney(expected.amountExclTax)}`.replace(/\s+/g, ' '));
      expect(text).toContain(`Total TTC ${formatMoney(expected.amount)}`.replace(/\s+/g, ' '));
      const xml = (await attachedFacturXml(file.rawPayload))!;
      expect(xml).toContain(`<ram:TaxBasisTotalAmount>${expected.amountExclTax}</ram:TaxBasisTotalAmount>`);
      expect(xml).toContain(
        `<ram:TaxTotalAmount currencyID="EUR">${expected.vatAmount}</ram:TaxTotalAmount>`,
      );
      expect(xml).toContain(`<ram:GrandTotalAmount>${expected.amount}</ram:GrandTotalAmount>`);
    });
  }
});
