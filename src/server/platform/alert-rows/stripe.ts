import { formatMoney, toCents } from '#core/rules/money.js';
import type { alerts } from '../../db/schema/messaging.js';
import type { StripePaymentEvent } from '../events.js';
import { paymentRow, quote } from './payments.js';

type NewAlert = typeof alerts.$inferInsert;

/**
 * The "payment" alerts of Stripe mode: the driver hears that the deposit or the balance is paid and that the
 * payout left; the transporter that a card was refused or that the deposit's excess is refunded.
 */
export function stripeAlerts(event: StripePaymentEvent): NewAlert[] {
  const row = (userId: string | null, title: string, message: string): NewAlert[] =>
    userId ? [paymentRow(event, userId, title, message)] : [];
  const amount = formatMoney(event.amount);
  const mission = quote(event.title);
  switch (event.type) {
    case 'stripe.mission_paid':
      if (event.kind === 'deposit')
        return row(
          event.driverId,
          'Acompte payé',
          `Le transporteur a payé l’acompte de ${amount} pour ${mission}.`,
        );
      return row(
        event.driverId,
        'Mission payée',
        toCents(event.amount) > 0
          ? `Le transporteur a payé le solde de ${amount} pour ${mission}. Votre versement suit sa validation.`
          : `${mission} est entièrement payée par l’acompte. Votre versement suit la validation du transporteur.`,
      );
    case 'stripe.mission_payment_failed':
      return row(
        event.companyId,
        'Paiement refusé',
        `Le paiement ${event.kind === 'deposit' ? 'de l’acompte' : 'du solde'} de ${amount} pour ${mission} a été refusé. Réessayez depuis la page de paiement.`,
      );
    case 'stripe.refunded':
      return row(
        event.companyId,
        'Trop-perçu remboursé',
        `L’acompte dépassait le montant dû pour ${mission} : ${amount} vous sont remboursés sur votre carte.`,
      );
    case 'stripe.payout_sent':
      return row(
        event.driverId,
        'Versement envoyé',
        `${amount} ont été versés sur votre compte Stripe pour ${mission}.`,
      );
  }
}
