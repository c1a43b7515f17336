import { formatNumericDay } from '#core/rules/french-dates.js';
import { formatMoney } from '#core/rules/money.js';
import type { alerts } from '../../db/schema/messaging.js';
import type { PaymentEvent } from '../events.js';

type NewAlert = typeof alerts.$inferInsert;

export const quote = (title: string) => `« ${title} »`;

/** One "payment" alert about a mission's money: it opens the mission's payment page (Stripe mode's too). */
export function paymentRow(
  event: { type: string; missionId: string },
  userId: string,
  title: string,
  message: string,
): NewAlert {
  return {
    userId,
    type: 'payment',
    title,
    message,
    link: `/mission/${event.missionId}/payment`,
    missionId: event.missionId,
    metadata: { event: event.type },
  };
}

/** " TTC" or " (TVA non applicable)" after an independent carrier's amount; nothing for an employee's pay. */
const vatWords = (vat: 'included' | 'none' | 'unknown' | undefined) =>
  vat === 'included' ? ' TTC' : vat === 'none' ? ' (TVA non applicable)' : '';

/** The "payment" alerts of a mission's settlement: each step tells the other party, the overdue both. */
export function paymentAlerts(event: PaymentEvent): NewAlert[] {
  const row = (userId: string, title: string, message: string) => paymentRow(event, userId, title, message);
  const amount = formatMoney(event.amount);
  const mission = quote(event.title);
  switch (event.type) {
    case 'payment.created':
      return event.engagementType === 'employment'
        ? [
            row(
              event.driverId,
              'Rémunération à venir',
              `${mission} est terminée : ${amount} brut vous seront versés avec la paie de l’employeur.`,
            ),
            row(
              event.companyId,
              'Rémunération à verser',
              `${mission} est terminée : ${amount} brut à verser au chauffeur avec la paie. Le relevé d’heures est disponible.`,
            ),
          ]
        : event.vat === 'unknown'
          ? [
              row(
                event.driverId,
                'Règlement ouvert',
                `${mission} : ${amount} HT vous sont dus, échéance le ${formatNumericDay(event.dueDate)}. Indiquez votre régime de TVA pour que la facture et le montant TTC soient établis.`,
              ),
              row(
                event.companyId,
                'Règlement à effectuer',
                `${mission} : ${amount} HT à régler au chauffeur, échéance le ${formatNumericDay(event.dueDate)}. Le montant TTC sera connu quand il aura indiqué son régime de TVA.`,
              ),
            ]
          : [
              row(
                event.driverId,
                'Règlement ouvert',
                `${mission} : ${amount}${vatWords(event.vat)} vous sont dus, échéance le ${formatNumericDay(event.dueDate)}.`,
              ),
              row(
                event.companyId,
                'Règlement à effectuer',
                `${mission} : ${amount}${vatWords(event.vat)} à régler au chauffeur par virement, échéance le ${formatNumericDay(event.dueDate)}.`,
              ),
            ];
    case 'payment.amount_changed': {
      const now = `${amount}${event.vatIncluded ? ' TTC' : ' (TVA non applicable)'}`;
      const before = formatMoney(event.previousAmount);
      return [
        row(
          event.driverId,
          'Montant dû mis à jour',
          event.previousAmount === event.amount
            ? `${mission} : avec votre régime de TVA, ${now} vous sont dus.`
            : `${mission} : avec votre régime de TVA, ${now} vous sont dus (au lieu de ${before}).`,
        ),
        row(
          event.companyId,
          'Montant dû mis à jour',
          event.previousAmount === event.amount
            ? `Le chauffeur a indiqué son régime de TVA : pour ${mission}, ${now} à régler.`
            : `Le chauffeur a indiqué son régime de TVA : pour ${mission}, ${now} à régler (au lieu de ${before}).`,
        ),
      ];
    }
    case 'payment.marked_paid':
      return [
        row(
          event.driverId,
          'Paiement déclaré',
          `Le transporteur indique avoir payé ${amount} pour ${mission} (le ${formatNumericDay(event.paidOn)}, réf. ${event.reference}). Confirmez la réception ou signalez un problème.`,
        ),
      ];
    case 'payment.confirmed':
      return [
        row(event.companyId, 'Paiement reçu', `Le chauffeur confirme avoir reçu ${amount} pour ${mission}.`),
      ];
    case 'payment.disputed':
      return [
        row(
          event.companyId,
          'Paiement contesté',
          `Le chauffeur conteste le règlement de ${mission}. Motif : ${event.reason}`,
        ),
      ];
    case 'payment.overdue':
      return [
        row(
          event.driverId,
          'Paiement en retard',
          `Le règlement de ${mission} (${amount}) était attendu le ${formatNumericDay(event.dueDate)}.`,
        ),
        row(
          event.companyId,
          'Paiement en retard',
          `Le règlement de ${mission} (${amount}) était dû le ${formatNumericDay(event.dueDate)}. Réglez-le ou indiquez-le comme payé.`,
        ),
      ];
    case 'payment.document':
      if (event.kind === 'invoice')
        return [event.driverId, event.companyId].map((userId) =>
          row(userId, 'Facture émise', `La facture n° ${event.number} de ${mission} est disponible.`),
        );
      if (event.kind === 'payslip')
        return [
          row(
            event.driverId,
            'Bulletin de paie disponible',
            `L’employeur a déposé le bulletin de paie n° ${event.number} de ${mission}.`,
          ),
        ];
      // The statement is announced with the payment itself (payment.created).
      return [];
  }
}
