import { formatPallets, formatWeightKg } from '#core/rules/cargo.js';
import { withEquipment, freightLines } from '#core/rules/freight.js';
import { formatParisStamp } from '#core/rules/french-dates.js';
import { waitingRateOf, waitingRateText } from '#core/rules/waiting-rate.js';
import { PDFDocument, rgb, type PDFImage } from 'pdf-lib';
import sharp from 'sharp';
import { INCIDENT_LABELS, WAITING_PLACE_LABELS, formatWaiting, waitingTotals } from '#core/rules/road.js';
import type { IncidentType, WaitingPlace } from '#core/rules/enums.js';
import { VEHICLE_LABELS, type EngagementType, type VehicleType } from '#core/rules/missions.js';
import { PARTY_TITLES } from '#core/rules/parties.js';
import { formatPhoneFr } from '#core/rules/phone.js';
import type { deliveryProofs, missionIncidents, waitingPeriods } from '../../db/schema/road.js';
import type { User } from '../../db/schema/users.js';
import {
  embedFonts,
  footAppendedPage,
  renderPdf,
  toPdfText,
  type PdfRow,
  type PdfSection,
} from '../../platform/pdf.js';
import type { MissionRow } from './access.js';
import { isPdfKey } from './files.js';

type ProofRow = typeof deliveryProofs.$inferSelect;
type IncidentRow = typeof missionIncidents.$inferSelect;
type WaitingRow = typeof waitingPeriods.$inferSelect;

export const PROOF_TITLE = 'Preuve de livraison';
export const missionReference = (missionId: string) => `M-${missionId.slice(0, 8).toUpperCase()}`;

/** The PDF is the state at delivery: what the driver reports later (damage found at unloading) is on the mission. */
const AFTER_DELIVERY_NOTE =
  'État à la livraison : un incident signalé ensuite figure sur la mission dans Relais, pas dans ce document.';

const contact = (user: User) =>
  [user.email, user.phone ? formatPhoneFr(user.phone) : null].filter(Boolean).join(' · ') || '—';

function positionText(latitude: string | null, longitude: string | null, accuracy: string | null) {
  if (latitude === null || longitude === null) return 'Non communiquée (le téléphone ne l’a pas donnée)';
  const around = accuracy === null ? '' : ` (à ${Math.round(Number(accuracy))} m près)`;
  return `${Number(latitude).toFixed(6)}, ${Number(longitude).toFixed(6)}${around}`;
}

export interface ProofInput {
  mission: MissionRow;
  company: User;
  driver: User;
  proof: ProofRow;
  /** The incidents reported up to the delivery (proof-document.ts filters them). */
  incidents: IncidentRow[];
  waiting: WaitingRow[];
  /** The stored files: the signature, then the photos in order. */
  signature: Buffer;
  photos: Array<{ key: string; bytes: Buffer }>;
}

/**
 * The proof-of-delivery PDF: the mission and both parties, the recipient, the time and place of the signature,
 * incidents and waiting times, the signature itself, then each photo of the delivery note / CMR on its own page
 * (PDFs sent as photos are listed, they stay downloadable from the mission).
 */
export async function buildProofPdf(input: ProofInput): Promise<Uint8Array> {
  const { mission, company, driver, proof } = input;
  // The parties named as on the engagement document (employer and driver, or principal and carrier).
  const titles = PARTY_TITLES[mission.engagementType as EngagementType];
  const reference = missionReference(mission.id);
  const photoLines = input.photos.map(({ key }, index) =>
    isPdfKey(key)
      ? `Pièce ${index + 1} : document PDF (consultable sur la mission dans Relais)`
      : `Pièce ${index + 1} : photo, reproduite en annexe`,
  );
  const rate = waitingRateOf(mission);
  const totals = waitingTotals(
    input.waiting.map((row) => ({ ...row, place: row.place as WaitingPlace })),
    mission.deliveredAt ?? new Date(),
  );
  const sections: PdfSection[] = [
    {
      heading: 'Mission',
      rows: [
        { label: 'Mission', value: mission.title },
        { label: 'Enlèvement', value: mission.pickupAddress },
        { label: 'Livraison', value: mission.deliveryAddress },
        {
          label: 'Véhicule',
          value: VEHICLE_LABELS[mission.vehicleType as VehicleType] ?? mission.vehicleType,
        },
        ...(mission.cargoType ? [{ label: 'Marchandise', value: mission.cargoType }] : []),
        ...(mission.cargoWeightKg !== null
          ? [{ label: 'Poids brut', value: formatWeightKg(mission.cargoWeightKg) }]
          : []),
        ...(mission.palletCount !== null
          ? [{ label: 'Palettes', value: formatPallets(mission.palletCount) }]
          : []),
        ...freightLines(withEquipment(mission)),
        ...(mission.startedAt ? [{ label: 'Départ', value: formatParisStamp(mission.startedAt) }] : []),
        ...(mission.deliveredAt ? [{ label: 'Livrée', value: formatParisStamp(mission.deliveredAt) }] : []),
      ],
    },
    {
      heading: 'Parties',
      rows: [
        { label: titles.company, value: company.companyName ?? company.fullName },
        ...(company.siretNumber ? [{ label: 'SIRET', value: company.siretNumber }] : []),
        { label: 'Contact', value: `${company.fullName} — ${contact(company)}` },
        { label: titles.driver, value: driver.fullName },
        ...(mission.engagementType === 'independent' && driver.siretNumber
          ? [{ label: 'SIRET', value: driver.siretNumber }]
          : []),
        { label: 'Contact', value: contact(driver) },
      ],
    },
    {
      heading: 'Réception',
      rows: [
        { label: 'Réceptionné par', value: proof.recipientName },
        { label: 'Signé le', value: formatParisStamp(proof.signedAt) },
        { label: 'Position', value: positionText(proof.latitude, proof.longitude, proof.accuracy) },
        ...(proof.note ? [{ label: 'Remarque du conducteur', value: proof.note }] : []),
        {
          label: 'Pièces jointes',
          value: photoLines.length ? photoLines.join('\n') : 'Aucune photo du bon de livraison',
        },
      ],
      paragraphs: [
        'L’heure est celle du serveur de Relais au moment où la signature a été enregistrée ; la position est celle que le téléphone du conducteur a donnée, s’il l’a donnée. La signature et les photos sont reproduites en annexe, après cette page.',
      ],
    },
    {
      heading: 'Incidents signalés',
      ...(input.incidents.length
        ? {
            rows: input.incidents.map((incident): PdfRow => ({
              label: formatParisStamp(incident.occurredAt),
              value: `${INCIDENT_LABELS[incident.type as IncidentType]}${incident.note ? ` — ${incident.note}` : ''}`,
            })),
            paragraphs: [AFTER_DELIVERY_NOTE],
          }
        : { paragraphs: ['Aucun incident signalé jusqu’à la livraison.', AFTER_DELIVERY_NOTE] }),
    },
    {
      heading: 'Temps d’attente',
      ...(totals.periods
        ? {
            rows: (['pickup', 'delivery'] as const).map((place) => ({
              label: `Attente ${WAITING_PLACE_LABELS[place]}`,
              value: formatWaiting(place === 'pickup' ? totals.pickupMinutes : totals.deliveryMinutes),
            })),
            paragraphs: [
              rate
                ? `Relevé par le conducteur (début et fin). Tarif convenu à la publication : ${waitingRateText(rate)}.`
                : 'Relevé par le conducteur (début et fin), à titre d’information.',
            ],
          }
        : { paragraphs: ['Aucune attente relevée.'] }),
    },
  ];
  const footer = `Relais — ${PROOF_TITLE} ${reference}`;
  const annexes = 1 + input.photos.filter((photo) => !isPdfKey(photo.key)).length;
  const base = await renderPdf({
    title: PROOF_TITLE,
    subtitle: mission.title,
    meta: [
      { label: 'Référence', value: reference },
      { label: 'Établie le', value: formatParisStamp(new Date()) },
    ],
    sections,
    footer,
    // The signature page and one page per image, added below.
    appendedPages: annexes,
  });
  const document = await PDFDocument.load(base, { updateMetadata: false });
  const { bold, regular } = await embedFonts(document);

  /** One A4 page: a title, then the image fitted into the rest of the page. */
  const imagePage = (title: string, caption: string, image: PDFImage, maxHeight?: number) => {
    const page = document.addPage([595.28, 841.89]);
    page.drawText(toPdfText(title, bold), {
      x: 56,
      y: 781,
      size: 16,
      font: bold,
      color: rgb(0.11, 0.12, 0.15),
    });
    page.drawText(toPdfText(caption, regular), {
      x: 56,
      y: 761,
      size: 9.5,
      font: regular,
      color: rgb(0.38, 0.4, 0.45),
    });
    const box = { width: 595.28 - 112, height: maxHeight ?? 680 };
    const scale = Math.min(box.width / image.width, box.height / image.height, maxHeight ? 2 : 1);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawRectangle({
      x: 56,
      y: 740 - height - 8,
      width: box.width,
      height: height + 16,
      borderColor: rgb(0.8, 0.82, 0.86),
      borderWidth: 0.7,
    });
    page.drawImage(image, { x: 56 + (box.width - width) / 2, y: 740 - height, width, height });
  };

  imagePage(
    `Signature de ${proof.recipientName}`,
    `Signée le ${formatParisStamp(proof.signedAt)} sur le téléphone du conducteur.`,
    await document.embedPng(input.signature),
    260,
  );
  for (const [index, photo] of input.photos.entries()) {
    if (isPdfKey(photo.key)) continue;
    // pdf-lib draws JPEG and PNG; a WebP photo is converted (the stored file is unchanged).
    const image = photo.key.endsWith('.png')
      ? await document.embedPng(photo.bytes)
      : await document.embedJpg(
          photo.key.endsWith('.jpg')
            ? photo.bytes
            : await sharp(photo.bytes).jpeg({ quality: 88 }).toBuffer(),
        );
    imagePage(`Pièce ${index + 1}`, `Bon de livraison / CMR — ${reference}`, image);
  }
  const pages = document.getPages();
  pages
    .slice(-annexes)
    .forEach((page, index) =>
      footAppendedPage(page, regular, footer, pages.length - annexes + index + 1, pages.length),
    );
  return document.save();
}
