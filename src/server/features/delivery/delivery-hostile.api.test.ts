import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missions } from '../../db/schema/missions.js';
import type { NewUser } from '../../db/schema/users.js';
import { missionPayload, multipartBody, signaturePng } from '../../test/factories.js';
import { pdfText } from '../../test/pdf-text.js';
import { type Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';

/**
 * The delivery routes under hostile input (a review of the proof of delivery, decision 019): hand-made multipart bodies, signatures that are
 * not one, photos pdf-lib cannot draw as they are, odd file URLs. Always a French 4xx, never a 500.
 */
let t: TestApp;
beforeAll(async () => {
  // No job worker: the PDF is made by the download.
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Party {
  agent: Agent;
}
const company = (overrides: Partial<NewUser> = {}) => signIn(t, { userType: 'company', ...overrides });
const driver = (overrides: Partial<NewUser> = {}) =>
  signIn(t, { userType: 'driver', subscriptionPlan: 'premium', ...overrides });

async function running(owner: Party, carrier: Party): Promise<string> {
  const id = (await owner.agent.post('/api/missions', missionPayload())).json().mission.id as string;
  expect((await carrier.agent.post(`/api/missions/${id}/apply`, {})).statusCode).toBe(201);
  const detail = (await owner.agent.get(`/api/missions/${id}`)).json();
  await owner.agent.post(`/api/applications/${detail.applications[0].id}/accept`);
  await owner.agent.post(`/api/missions/${id}/engagement/waive`, {
    reason: 'Contrat signé sur papier au dépôt ce matin.',
  });
  await t.db
    .update(missions)
    .set({ startDate: new Date(Date.now() + 30 * 60_000) })
    .where(eq(missions.id, id));
  expect((await carrier.agent.post(`/api/missions/${id}/start`)).statusCode).toBe(200);
  return id;
}
async function scene() {
  const owner = await company();
  const carrier = await driver();
  return { owner, carrier, id: await running(owner, carrier) };
}

const BOUNDARY = 'relaisXyZ';
const FORM = `multipart/form-data; boundary=${BOUNDARY}`;
const part = (name: string, value: string | Buffer, fileName?: string) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${fileName === undefined ? '' : `; filename="${fileName}"`}\r\n\r\n`,
    ),
    Buffer.isBuffer(value) ? value : Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
const END = Buffer.from(`--${BOUNDARY}--\r\n`);
const post = (agent: Agent, id: string, payload: Buffer | string, type = FORM) =>
  agent.request({
    method: 'POST',
    url: `/api/missions/${id}/delivery-proof`,
    payload,
    headers: { 'content-type': type },
  });

describe('the multipart reader', () => {
  it('answers every malformed body with a French 400 (415 for another type), never a 500', async () => {
    const { carrier, id } = await scene();
    const signature = part('signature', await signaturePng(), 'signature.png');
    const formError = /Envoyez le formulaire de la page/;
    const refused: Array<[string, Buffer | string, string?]> = [
      ['a field sent twice', Buffer.concat([part('recipientName', 'A'), part('recipientName', 'B'), END])],
      ['no CRLF after the delimiter', Buffer.concat([Buffer.from(`--${BOUNDARY}X`), END])],
      ['no closing delimiter', part('recipientName', 'A')],
      ['25 parts', Buffer.concat([...Array.from({ length: 25 }, (_, i) => part(`f${i}`, 'x')), END])],
      ['a text field of 9 KB', Buffer.concat([part('note', 'x'.repeat(9000)), END])],
      ['an empty body', Buffer.alloc(0)],
      ['no boundary', 'x', 'multipart/form-data'],
      ['plain text', 'recipientName=A', 'text/plain'],
    ];
    for (const [label, body, type] of refused) {
      const response = await post(carrier.agent, id, body, type);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().message, label).toMatch(formError);
    }
    // A part without its headers is no field: the form reads as empty and says what is missing.
    const headless = await post(
      carrier.agent,
      id,
      Buffer.from(`--${BOUNDARY}\r\nname="a"\r\n\r\nx\r\n--${BOUNDARY}--`),
    );
    expect(headless.statusCode).toBe(400);
    expect(headless.json().errors).toHaveProperty('recipientName');
    const other = await post(carrier.agent, id, 'x', 'application/octet-stream');
    expect(other.statusCode).toBe(415);
    expect(other.json().message).toMatch(/non pris en charge/);

    // Text that is not UTF-8 (a Latin-1 "Rémi") is refused on its field, not kept as "R�mi" in a legal proof.
    const latin1 = await post(
      carrier.agent,
      id,
      Buffer.concat([part('recipientName', Buffer.from([0x52, 0xe9, 0x6d, 0x69])), signature, END]),
    );
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().errors.recipientName).toMatch(/UTF-8/);

    // Field names of the object prototype are refused (no page sends them); a file name is never used as a path.
    for (const name of ['__proto__', 'constructor']) {
      const prototype = await post(
        carrier.agent,
        id,
        Buffer.concat([part(name, 'x'), part('recipientName', 'Rémi'), signature, END]),
      );
      expect(prototype.statusCode, name).toBe(400);
      expect(prototype.json().message, name).toMatch(formError);
    }
    const odd = await post(
      carrier.agent,
      id,
      Buffer.concat([
        part('recipientName', 'Rémi'),
        part('signature', await signaturePng(), '../../../etc/passwd'),
        END,
      ]),
    );
    expect(odd.statusCode, odd.body).toBe(201);
    expect(odd.json().proof.recipientName).toBe('Rémi');
  });
});

describe('the signature', () => {
  it('is refused when it is only the dot of a tap on the pad', async () => {
    const { carrier, id } = await scene();
    // A transparent canvas with a 3-pixel dot, as a tap on the pad leaves.
    const dot = await sharp({
      create: { width: 600, height: 240, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.alloc(3 * 3 * 4, Buffer.from([17, 24, 39, 255])),
          raw: { width: 3, height: 3, channels: 4 },
          top: 100,
          left: 300,
        },
      ])
      .png()
      .toBuffer();
    const tapped = await post(
      carrier.agent,
      id,
      Buffer.concat([part('recipientName', 'Paul Quai'), part('signature', dot, 'signature.png'), END]),
    );
    expect(tapped.statusCode).toBe(422);
    expect(tapped.json().errors.signature).toMatch(/qu’un point/);
    // A stroke across the pad is a signature.
    const stroke = await post(
      carrier.agent,
      id,
      Buffer.concat([
        part('recipientName', 'Paul Quai'),
        part('signature', await signaturePng(), 'signature.png'),
        END,
      ]),
    );
    expect(stroke.statusCode, stroke.body).toBe(201);
  });
});

describe('the files of a proof', () => {
  it('are bounded one by one and together, with a French 413 that says which limit', async () => {
    const { carrier, id } = await scene();
    const send = (photos: Buffer[]) =>
      carrier.agent.request({
        method: 'POST',
        url: `/api/missions/${id}/delivery-proof`,
        ...multipartBody({ recipientName: 'Paul Quai' }, [
          { field: 'signature', name: 's.png', bytes: signaturePngBytes },
          ...photos.map((bytes, index) => ({ field: 'photos', name: `p${index}.jpg`, bytes })),
        ]),
      });
    const signaturePngBytes = await signaturePng();
    // One photo past 10 MB is stopped while it arrives, and named as a photo.
    const heavy = await send([Buffer.alloc(10 * 1024 * 1024 + 64, 1)]);
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json().message).toMatch(/photo dépasse 10 Mo/);
    // Four photos of 8 MB each: each within its limit, the whole past 30 MB.
    const many = await send(Array.from({ length: 4 }, () => Buffer.alloc(8 * 1024 * 1024, 1)));
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toMatch(/trop lourd \(30 Mo au plus\)/);
    expect((await carrier.agent.get(`/api/missions/${id}/delivery`)).json().proof).toBeNull();
  });

  it('have one address each: /photos/1, not /photos/1e0, / 1 or 0x1', async () => {
    const { owner, carrier, id } = await scene();
    const outsider = await company();
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const sent = await carrier.agent.request({
      method: 'POST',
      url: `/api/missions/${id}/delivery-proof`,
      ...multipartBody({ recipientName: 'Paul Quai' }, [
        { field: 'signature', name: 's.png', bytes: await signaturePng() },
        { field: 'photos', name: 'cmr.jpg', bytes: photo },
      ]),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await owner.agent.get(`/api/missions/${id}/delivery/photos/1`)).statusCode).toBe(200);
    for (const index of ['1e0', '%201', '0x1', '1.0', '01', '0', '6']) {
      const response = await owner.agent.get(`/api/missions/${id}/delivery/photos/${index}`);
      expect(response.statusCode, index).toBe(400);
      expect(response.json().message, index).toMatch(/invalide/);
    }
    // What the fuzz run saw: ".." is resolved by the URL before routing, so this is GET …/delivery/ (the
    // view), answered to the parties only.
    const parent = await owner.agent.get(`/api/missions/${id}/delivery/photos/..`);
    expect(parent.statusCode).toBe(200);
    expect(parent.json()).toMatchObject({ missionId: id, viewerRole: 'transporter' });
    expect((await outsider.agent.get(`/api/missions/${id}/delivery/photos/..`)).statusCode).toBe(404);
  });

  it('an incident’s photo is not reachable through another mission', async () => {
    const a = await scene();
    const b = await scene();
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3c3' } })
      .jpeg()
      .toBuffer();
    const reported = await b.carrier.agent.request({
      method: 'POST',
      url: `/api/missions/${b.id}/incidents`,
      ...multipartBody({ type: 'damage' }, [{ field: 'photos', name: 'x.jpg', bytes: photo }]),
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const incidentId = reported.json().incidents[0].id as string;
    expect(
      (await b.owner.agent.get(`/api/missions/${b.id}/incidents/${incidentId}/photos/1`)).statusCode,
    ).toBe(200);
    // A's parties, with B's incident id under A's mission.
    for (const agent of [a.owner.agent, a.carrier.agent])
      expect((await agent.get(`/api/missions/${a.id}/incidents/${incidentId}/photos/1`)).statusCode).toBe(
        404,
      );
  });

  it('make a PDF whatever their kind: WebP, 16-bit PNG, palette, grey, CMYK JPEG, and a PDF listed', async () => {
    const { owner, carrier, id } = await scene();
    const base = (background: string) =>
      sharp({ create: { width: 120, height: 80, channels: 3, background } });
    const pdfAttachment = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
        '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 100 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const photos = [
      await base('#c33').webp().toBuffer(),
      await base('#123').toColourspace('rgb16').png().toBuffer(),
      await sharp({
        create: { width: 120, height: 80, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.3 } },
      })
        .png({ palette: true })
        .toBuffer(),
      await base('#888').toColourspace('cmyk').jpeg().toBuffer(),
      pdfAttachment,
    ];
    const sent = await carrier.agent.request({
      method: 'POST',
      url: `/api/missions/${id}/delivery-proof`,
      ...multipartBody({ recipientName: '李雷 🚚 Zoé « Quai 4 »', note: 'Ligne 1\nLigne 2\tfin' }, [
        { field: 'signature', name: 's.png', bytes: await signaturePng() },
        ...photos.map((bytes, index) => ({ field: 'photos', name: `p${index}`, bytes })),
      ]),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().proof.photos.map((photo: { kind: string }) => photo.kind)).toEqual([
      'image',
      'image',
      'image',
      'image',
      'pdf',
    ]);
    expect((await carrier.agent.post(`/api/missions/${id}/deliver`)).statusCode).toBe(200);
    const pdf = await owner.agent.get(`/api/missions/${id}/delivery/pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    const document = await PDFDocument.load(pdf.rawPayload);
    // The facts (1 page or more), the signature, one page per image (the PDF attachment is listed only).
    const facts = document.getPageCount() - 1 - 4;
    expect(facts).toBeGreaterThanOrEqual(1);
    // Every page numbered among all, annexes included.
    const total = document.getPageCount();
    const text = await pdfText(pdf.rawPayload);
    for (let number = 1; number <= total; number++) expect(text).toContain(`Page ${number} / ${total}`);
  });
});

describe('the proof-of-delivery PDF', () => {
  it('is the state at delivery, whenever it is made: a later incident is not in it', async () => {
    const { owner, carrier, id } = await scene();
    const incident = (type: string, note: string) =>
      carrier.agent.request({
        method: 'POST',
        url: `/api/missions/${id}/incidents`,
        ...multipartBody({ type, note }),
      });
    expect((await incident('delay', 'Bouchon sur l’A7')).statusCode).toBe(201);
    await post(
      carrier.agent,
      id,
      Buffer.concat([
        part('recipientName', 'Małgorzata Żak'),
        part('signature', await signaturePng(), 'signature.png'),
        END,
      ]),
    );
    expect((await carrier.agent.post(`/api/missions/${id}/deliver`)).statusCode).toBe(200);
    // Reported after the delivery, before the PDF is made (no job worker here: the download makes it).
    expect((await incident('damage', 'Carton écrasé au déchargement')).statusCode).toBe(201);
    const pdf = await owner.agent.get(`/api/missions/${id}/delivery/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Bouchon sur');
    expect(text).not.toContain('Carton');
    expect(text).toContain('État à la livraison');
    // The recipient's name exactly as they wrote it (the standard fonts printed "Ma?gorzata ?ak").
    expect(text).toContain('Małgorzata Żak');
    // The parties named as on the engagement document (this mission hires its driver).
    expect(text).toContain('Employeur (transporteur)');
    expect(text).toContain('Conducteur (salarié)');
    // The person at the wheel is the « conducteur » on every paper; the screens' « chauffeur » is not used here.
    expect(text).toContain('sur le téléphone du conducteur');
    expect(text).not.toMatch(/chauffeur/i);
    // The mission itself shows both.
    const view = (await owner.agent.get(`/api/missions/${id}/delivery`)).json();
    expect(view.incidents.map((row: { type: string }) => row.type)).toEqual(['delay', 'damage']);
  });
});

describe('waiting times', () => {
  it('once delivered, say the mission is delivered (not "démarrez-la d’abord")', async () => {
    const { carrier, id } = await scene();
    await post(
      carrier.agent,
      id,
      Buffer.concat([
        part('recipientName', 'Paul Quai'),
        part('signature', await signaturePng(), 'signature.png'),
        END,
      ]),
    );
    expect((await carrier.agent.post(`/api/missions/${id}/deliver`)).statusCode).toBe(200);
    for (const action of ['start', 'stop']) {
      const late = await carrier.agent.post(
        `/api/missions/${id}/waiting/${action}`,
        action === 'start' ? { place: 'delivery' } : undefined,
      );
      expect(late.statusCode, action).toBe(409);
      expect(late.json().message, action).toMatch(/livrée/);
    }
  });
});
