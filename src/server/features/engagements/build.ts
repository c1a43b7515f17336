import { formatPallets, formatWeightKg } from '#core/rules/cargo.js';
import { formatParisStamp } from '#core/rules/french-dates.js';
import { withEquipment, freightLines } from '#core/rules/freight.js';
import {
  ENGAGEMENT_LABELS,
  PRICING_LABELS,
  VEHICLE_LABELS,
  type EngagementType,
  type PricingType,
  type VehicleType,
} from '#core/rules/missions.js';
import { PARTY_TITLES } from '#core/rules/parties.js';
import type { missions } from '../../db/schema/missions.js';
import type { User } from '../../db/schema/users.js';
import { renderPdf } from '../../platform/pdf.js';
import {
  DEFAULT_PAYMENT_TERMS,
  formatMoney,
  PAYMENT_TERMS_LABELS,
  PAYMENT_TERMS_LEGAL_NOTE,
  type PaymentTerms,
} from '#core/rules/money.js';
import { waitingRateOf, waitingRateText } from '#core/rules/waiting-rate.js';

type MissionRow = typeof missions.$inferSelect;

/** A mention the standard contracts expect that nobody gave: printed as missing, not left out. */
const MISSING = 'Non communiqué';

/** What the order printed of the carrier: made again, unsigned, when they complete it (service.ts). */
export const carrierFacts = (driver: User) => ({
  siret: driver.siretNumber,
  register: driver.transportRegisterNumber,
});

/** « À réception de la facture », « 30 jours à compter de la facture ». */
const termsText = (terms: PaymentTerms) =>
  terms === 'reception'
    ? 'À réception de la facture'
    : `${PAYMENT_TERMS_LABELS[terms]} à compter de la facture`;

/** The waiting rate as the order states it, or that none was agreed in Relais (decision 042). */
function waitingTerms(mission: MissionRow): string {
  const rate = waitingRateOf(mission);
  return rate
    ? waitingRateText(rate)
    : 'Pas de tarif convenu dans Relais ; le temps d’attente relevé figure sur la preuve de livraison.';
}

export const ENGAGEMENT_TITLES: Record<EngagementType, string> = {
  employment: 'Proposition de contrat court',
  independent: 'Ordre de transport',
};

const contact = (user: User) =>
  [user.email, user.phone].filter((value): value is string => Boolean(value)).join(' · ') || '—';

/**
 * The engagement document of a mission as a PDF: for a hired driver, a short-contract proposal with the mission's
 * dates, places, pay and both parties; for an independent carrier, a transport order. Relais writes down what the
 * two agreed on its pages; the employer's own obligations (declaration, payslip) are recalled, not replaced.
 */
export async function buildEngagementPdf(
  mission: MissionRow,
  company: User,
  driver: User,
  reference: string,
) {
  const kind = mission.engagementType as EngagementType;
  const title = ENGAGEMENT_TITLES[kind];
  const companyName = company.companyName ?? company.fullName;
  const pay = `${formatMoney(mission.price)} — ${PRICING_LABELS[mission.pricingType as PricingType] ?? mission.pricingType}`;
  const missionRows = [
    { label: 'Mission', value: mission.title },
    { label: 'Enlèvement', value: mission.pickupAddress },
    { label: 'Livraison', value: mission.deliveryAddress },
    { label: 'Début', value: formatParisStamp(mission.startDate) },
    { label: 'Fin prévue', value: formatParisStamp(mission.endDate) },
    { label: 'Véhicule', value: VEHICLE_LABELS[mission.vehicleType as VehicleType] ?? mission.vehicleType },
    ...(mission.cargoType ? [{ label: 'Marchandise', value: mission.cargoType }] : []),
  ];
  // The goods as the standard contracts ask the principal to state them: on the transport order always (missing
  // when not given), on a contract proposal when given.
  const goodsRows = (always: boolean) => [
    ...(mission.cargoWeightKg !== null || always
      ? [
          {
            label: 'Poids brut',
            value: mission.cargoWeightKg === null ? 'Non précisé' : formatWeightKg(mission.cargoWeightKg),
          },
        ]
      : []),
    ...(mission.palletCount !== null || always
      ? [
          {
            label: 'Palettes',
            value: mission.palletCount === null ? 'Non précisé' : formatPallets(mission.palletCount),
          },
        ]
      : []),
    // The slots, the set-point, the dangerous goods and the equipment, when given (decision 052).
    ...freightLines(withEquipment(mission)),
  ];
  const companyRows = [
    { label: 'Raison sociale', value: companyName },
    ...(company.siretNumber ? [{ label: 'SIRET', value: company.siretNumber }] : []),
    { label: 'Représentée par', value: company.fullName },
    { label: 'Contact', value: contact(company) },
  ];
  const driverRows = [
    { label: 'Nom', value: driver.fullName },
    ...(driver.licenseNumber
      ? [{ label: 'Permis n°', value: `${driver.licenseNumber} (${driver.licenseType ?? '—'})` }]
      : []),
    { label: 'Contact', value: contact(driver) },
  ];
  const sections =
    kind === 'employment'
      ? [
          { heading: PARTY_TITLES.employment.company, rows: companyRows },
          { heading: PARTY_TITLES.employment.driver, rows: driverRows },
          {
            heading: 'Mission proposée',
            rows: [...missionRows, ...goodsRows(false)],
            paragraphs: [mission.description],
          },
          { heading: 'Rémunération', rows: [{ label: 'Prix convenu', value: pay }] },
          {
            heading: 'Engagements',
            paragraphs: [
              `${companyName} propose à ${driver.fullName} un contrat de travail de courte durée (CDD ou mission d’intérim) pour la mission ci-dessus, aux dates, lieux et rémunération indiqués.`,
              'L’employeur déclare l’embauche avant la prise de poste, remet le contrat de travail écrit et le bulletin de paie, et fournit un véhicule conforme et assuré. Le conducteur s’engage à être présent aux heures indiquées et à détenir des titres de conduite valides pendant toute la mission.',
              'Les deux parties signent ce document dans Relais ; la page de signatures jointe en garde la trace (nom, date, adresse IP, empreinte du document).',
            ],
          },
        ]
      : [
          { heading: PARTY_TITLES.independent.company, rows: companyRows },
          {
            heading: PARTY_TITLES.independent.driver,
            rows: [
              { label: 'Nom', value: driver.fullName },
              { label: 'SIRET', value: driver.siretNumber ?? MISSING },
              {
                label: 'Registre des transporteurs',
                value: driver.transportRegisterNumber ?? MISSING,
              },
              ...driverRows.slice(1),
            ],
          },
          {
            heading: 'Transport',
            rows: [...missionRows, ...goodsRows(true)],
            paragraphs: [mission.description],
          },
          {
            heading: 'Prix et paiement',
            rows: [
              { label: 'Prix convenu (HT)', value: pay },
              {
                label: 'Délai de paiement',
                value: termsText((mission.paymentTerms as PaymentTerms | null) ?? DEFAULT_PAYMENT_TERMS),
              },
              { label: 'Attente (immobilisation)', value: waitingTerms(mission) },
            ],
            paragraphs: [PAYMENT_TERMS_LEGAL_NOTE],
          },
          {
            heading: 'Conditions',
            paragraphs: [
              `${companyName} confie à ${driver.fullName}, transporteur indépendant inscrit au registre des transporteurs, l’exécution du transport ci-dessus, au prix convenu.`,
              'À défaut de stipulations particulières, les relations entre les parties sont régies par le contrat type général applicable aux transports publics routiers de marchandises. Le transporteur facture la prestation au donneur d’ordre.',
              'Les deux parties signent ce document dans Relais ; la page de signatures jointe en garde la trace (nom, date, adresse IP, empreinte du document).',
            ],
          },
        ];
  const bytes = await renderPdf({
    title,
    subtitle: ENGAGEMENT_LABELS[kind],
    meta: [
      { label: 'Référence', value: reference },
      { label: 'Établi le', value: formatParisStamp(new Date()) },
    ],
    sections,
    footer: `Relais — ${title} ${reference}`,
  });
  return { bytes, title, kind };
}
