import { expect, type Page } from '@playwright/test';

/** A signature as the phone's canvas exports it: a transparent PNG with a dark stroke across. */
export const SIGNATURE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAHgAAAAoCAYAAAA16j4lAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAA4UlEQVR4nO3aMQ7DMAxDUR+Ch+j9L9hOXToEiCPbFPsf0NkiNaRIPAYAAAAAAACACdLr/fvrWKRCcpS5KqFTQQrJUeZOaPdyFJKjzExQ13J0cy7XHGWeBHQrR5PzuOUoUxHMpRw9nMMlR5nKQKfLUdH5p3NYO1WOis+NWPKqELvLUUiOUq2H35ijZU87hk45o52dpaQsQCE5lkh5PqrDkvmHG7xk6+Ea5Th9vu1QvC0LXu6XeN/tU+gqmvgG65jj+FyupaR9q102X8ItBYXctli65IR7RgrJAQAAAAAAMP7JBzBXgt3sVjp2AAAAAElFTkSuQmCC',
  'base64',
);

/**
 * "Marquer livré" through the API, as the driver's page does it: the proof of delivery (recipient's name and a
 * drawn signature) first, then the step.
 */
export async function deliverByApi(driver: Page, missionId: string, recipientName = 'Paul Quai') {
  const proof = await driver.request.post(`/api/missions/${missionId}/delivery-proof`, {
    multipart: {
      recipientName,
      signature: { name: 'signature.png', mimeType: 'image/png', buffer: SIGNATURE_PNG },
    },
  });
  expect(proof.status(), `delivery proof: ${await proof.text()}`).toBe(201);
  const delivered = await driver.request.post(`/api/missions/${missionId}/deliver`, { data: {} });
  expect(delivered.status(), `deliver: ${await delivered.text()}`).toBeLessThan(300);
}

/** A signature: a few strokes with the mouse across the canvas. */
export async function sign(page: Page) {
  const canvas = page.getByTestId('signature-pad');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 20; step++)
    await page.mouse.move(
      box.x + box.width * (0.15 + step * 0.035),
      box.y + box.height * (0.6 - 0.25 * Math.sin(step / 3)),
      { steps: 2 },
    );
  await page.mouse.up();
}
