import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missionApplications, missions } from '../../db/schema/missions.js';
import { missionPayload } from '../../test/factories.js';
import { createTestApp, signIn, type Agent, type TestApp } from '../../test/harness.js';

/**
 * No double booking: a driver holds one mission at a time. Two transporters choosing the same driver for
 * overlapping missions, at once or one after the other: one wins, the other is told why in French and the
 * application stays pending; a driver cannot apply to a mission that overlaps one they hold, and the sheet says so
 * before they try.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

async function publish(agent: Agent, startHours: number, endHours: number, title: string) {
  const response = await agent.post(
    '/api/missions',
    missionPayload({ title, startDate: inHours(startHours), endDate: inHours(endHours) }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().mission.id as string;
}

async function applicationOf(agent: Agent, missionId: string): Promise<string> {
  const response = await agent.post(`/api/missions/${missionId}/apply`, {});
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const statusOf = async (applicationId: string) =>
  (await t.db.select().from(missionApplications).where(eq(missionApplications.id, applicationId)))[0]!.status;
const heldBy = async (driverId: string) =>
  t.db
    .select({ id: missions.id })
    .from(missions)
    .where(and(eq(missions.driverId, driverId), eq(missions.status, 'assigned')));

describe('one mission at a time for a driver', () => {
  it('two transporters accepting the same driver at the same moment: one wins, the other is told, the application waits', async () => {
    // Three drivers, each chosen at once by two companies for missions tomorrow 08:00–16:00 and 12:00–20:00
    // (four hours in common): several races, so that a missing lock would show.
    const races = await Promise.all(
      [1, 2, 3].map(async () => {
        const driver = await signIn(t, { userType: 'driver' });
        const [first, second] = await Promise.all([1, 2].map(() => signIn(t, { userType: 'company' })));
        const a = await publish(first!.agent, 24, 32, 'Rungis → Lille');
        const b = await publish(second!.agent, 28, 36, 'Rungis → Rouen');
        const applications = [await applicationOf(driver.agent, a), await applicationOf(driver.agent, b)];
        return { driver, companies: [first!, second!], applications };
      }),
    );
    const answers = await Promise.all(
      races.flatMap(({ companies, applications }) =>
        companies.map((company, index) =>
          company.agent.post(`/api/applications/${applications[index]}/accept`),
        ),
      ),
    );
    for (const [index, { driver, applications }] of races.entries()) {
      const pair = answers.slice(index * 2, index * 2 + 2);
      expect(pair.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const refused = pair.find((answer) => answer.statusCode === 409)!;
      expect(refused.json().message).toMatch(
        /^Ce chauffeur est déjà retenu pour une autre mission du .+ au .+, qui chevauche celle-ci : choisissez un autre candidat\. Sa candidature reste en attente\.$/,
      );
      // The other company's mission is not named to it.
      expect(refused.json().message).not.toMatch(/Rungis → (Lille|Rouen)/);
      expect(await heldBy(driver.user.id)).toHaveLength(1);
      const statuses = [await statusOf(applications[0]!), await statusOf(applications[1]!)].sort();
      expect(statuses).toEqual(['accepted', 'pending']);
    }
  });

  it('one after the other: the second transporter is refused; missions that only touch are both held', async () => {
    const driver = await signIn(t, { userType: 'driver' });
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => signIn(t, { userType: 'company' })));
    // Tomorrow 08:00–14:00; 13:00–22:00 overlaps it; 14:00–20:00 starts when it ends (twelve hours of work in
    // the day, within the driving-time rules).
    const a = await publish(first!.agent, 24, 30, 'Rungis → Lille');
    const b = await publish(second!.agent, 29, 38, 'Rungis → Rouen');
    const c = await publish(third!.agent, 30, 36, 'Lille → Arras');
    const [onA, onB, onC] = [
      await applicationOf(driver.agent, a),
      await applicationOf(driver.agent, b),
      await applicationOf(driver.agent, c),
    ];
    expect((await first!.agent.post(`/api/applications/${onA}/accept`)).statusCode).toBe(200);
    const refused = await second!.agent.post(`/api/applications/${onB}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(await statusOf(onB)).toBe('pending');
    // The second transporter's sheet says so on the application, before anyone clicks.
    const sheet = (await second!.agent.get(`/api/missions/${b}`)).json();
    expect(sheet.applications).toMatchObject([{ id: onB, bookedElsewhere: refused.json().message }]);
    const firstSheet = (await first!.agent.get(`/api/missions/${a}`)).json();
    expect(firstSheet.applications[0].bookedElsewhere).toBeNull();
    expect((await third!.agent.post(`/api/applications/${onC}/accept`)).statusCode).toBe(200);
    expect(await heldBy(driver.user.id)).toHaveLength(2);
  });

  it('a driver is told on the sheet, and refused at application, when a mission overlaps one they hold', async () => {
    const driver = await signIn(t, { userType: 'driver' });
    const [first, second] = await Promise.all([1, 2].map(() => signIn(t, { userType: 'company' })));
    const a = await publish(first!.agent, 24, 32, 'Rungis → Lille');
    const b = await publish(second!.agent, 30, 38, 'Rungis → Rouen');
    expect(
      (await first!.agent.post(`/api/applications/${await applicationOf(driver.agent, a)}/accept`))
        .statusCode,
    ).toBe(200);
    const sheet = (await driver.agent.get(`/api/missions/${b}`)).json();
    expect(sheet.canApply).toBe(false);
    expect(sheet.applyBlockedReason).toMatch(
      /^Vous êtes déjà retenu pour la mission « Rungis → Lille » du .+ au .+ : celle-ci la chevauche\./,
    );
    const refused = await driver.agent.post(`/api/missions/${b}/apply`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(sheet.applyBlockedReason);
  });
});
