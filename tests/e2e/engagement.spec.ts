import { expect, test } from '@playwright/test';
import { pdfFile, signInAdmin, uploadDocument } from './admin-helpers.js';
import { publishMissionByApi, registerCompanyByApi, registerDriverByApi, signedInPage } from './helpers.js';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Documents and engagement end to end: a mission that requires ADR refuses a driver without it and accepts one with it; the chosen
 * driver's verified file opens for the transporter; both parties sign the engagement document in the app.
 */
test('ADR required: refused without, chosen with; the transporter opens the verified file; both sign', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const transporter = await signedInPage(browser, registerCompanyByApi, null);
  const missionId = await publishMissionByApi(transporter.request, {
    title: 'Citerne gasoil Fos → Lyon',
    pickupAddress: '13270 Fos-sur-Mer',
    deliveryAddress: '69007 Lyon',
    vehicleType: 'citerne',
    price: '640',
    requiredDocuments: ['adr'],
    engagementType: 'employment',
  });

  // Without ADR: the mission says why, and applying is refused by the server too.
  const without = await signedInPage(browser, registerDriverByApi, null);
  await without.goto(`/mission/${missionId}`);
  await expect(
    without.getByText('Votre certificat ADR est requis pour cette mission', { exact: false }).first(),
  ).toBeVisible();
  expect((await without.request.post(`/api/missions/${missionId}/apply`, { data: {} })).status()).toBe(409);

  // With ADR (verified by an admin): the driver applies and is chosen.
  const holder = await signedInPage(browser, registerDriverByApi, null);
  const adr = await uploadDocument(
    holder.request,
    { type: 'adr', number: 'ADR-77', issuedAt: day(-20), adrKinds: 'base,citerne' },
    await pdfFile('Certificat ADR'),
    'application/pdf',
  );
  const adminContext = await browser.newContext();
  await signInAdmin(adminContext.request);
  expect((await adminContext.request.post(`/api/admin/documents/${adr.id}/verify`)).status()).toBe(200);
  await holder.goto(`/mission/${missionId}`);
  await holder.getByRole('button', { name: 'Postuler à cette mission' }).first().click();
  await expect(holder.getByText('Candidature envoyée', { exact: false }).first()).toBeVisible();
  const detail = (await (await transporter.request.get(`/api/missions/${missionId}`)).json()) as {
    applications: Array<{ id: string; requirements: Array<{ state: string; documentId: string }> }>;
  };
  expect(detail.applications[0]!.requirements[0]).toMatchObject({ state: 'valid', documentId: adr.id });
  expect(
    (await transporter.request.post(`/api/applications/${detail.applications[0]!.id}/accept`)).status(),
  ).toBe(200);
  const file = await transporter.request.get(`/api/documents/${adr.id}/file`);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  // The driver sees who opened it.
  const accesses = (await (await holder.request.get('/api/documents/accesses')).json()) as {
    accesses: Array<{ viewerName: string }>;
  };
  expect(accesses.accesses.map((access) => access.viewerName)).toContain('Transports Martin');

  // Both parties sign the engagement document on the mission page.
  for (const [page, name] of [
    [transporter, 'Claire Martin'],
    [holder, 'Jean Routier'],
  ] as const) {
    await page.goto(`/mission/${missionId}`);
    const panel = page.getByRole('region', { name: 'Document d’engagement' });
    await expect(panel.getByText('Proposition de contrat court')).toBeVisible();
    await panel.getByLabel('Votre nom complet').fill(name);
    await panel.getByRole('checkbox').check();
    await panel.getByRole('button', { name: 'Signer le document' }).click();
    await expect(panel.getByText(`signé par ${name}`)).toBeVisible();
  }
  await transporter.reload();
  const panel = transporter.getByRole('region', { name: 'Document d’engagement' });
  await expect(panel.getByText('signé par les deux parties')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Ouvrir la copie signée (PDF)' })).toHaveAttribute(
    'href',
    `/api/missions/${missionId}/engagement/file`,
  );
  await adminContext.close();
});
