import { expect, type Page } from '@playwright/test';
import { deliverByApi } from './delivery-helpers.js';
import { inDatabase, moveMissionStart, publishMissionByApi } from './helpers.js';

/** French money as the screens write it: narrow no-break space between thousands, no-break space before €. */
export const euros = (text: string) => text.replace(/ (?=\d{3},)/g, '\u202f').replace(/ €$/, '\u00a0€');

const MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];
/** "nov. 2026": the current month in Paris, as the wallet's table names it. */
export function currentMonthLabel(): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-');
  return `${MONTHS[Number(month) - 1]} ${year}`;
}

async function post(page: Page, url: string, data: unknown = {}) {
  const response = await page.request.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return response;
}

/**
 * A mission published by `transporter`, the driver chosen, started (the transporter waives the signatures in
 * writing), driven for `minutes` minutes, delivered and confirmed complete — all through the API. Returns its id.
 */
export async function completedMission(
  transporter: Page,
  driver: Page,
  fields: Parameters<typeof publishMissionByApi>[1],
  minutes = 60,
): Promise<string> {
  const missionId = await publishMissionByApi(transporter.request, fields);
  await post(driver, `/api/missions/${missionId}/apply`);
  const detail = (await (await transporter.request.get(`/api/missions/${missionId}`)).json()) as {
    applications: Array<{ id: string }>;
  };
  await post(transporter, `/api/applications/${detail.applications[0]!.id}/accept`);
  await moveMissionStart(missionId, 60);
  await post(transporter, `/api/missions/${missionId}/engagement/waive`, {
    reason: 'Contrat signé sur papier au dépôt ce matin.',
  });
  await post(driver, `/api/missions/${missionId}/start`);
  // The hours driven: the start moves back (a minute less, so the seconds of the test keep the quarter).
  const moved = await inDatabase(
    `update missions set started_at = now() - make_interval(mins => $2) where id = $1`,
    [missionId, minutes - 1],
  );
  if (moved !== 1) throw new Error(`no mission ${missionId}`);
  await deliverByApi(driver, missionId);
  await post(transporter, `/api/missions/${missionId}/complete`);
  return missionId;
}
