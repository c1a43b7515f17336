import { formatMoney, toCents } from '#core/rules/money.js';
import type { alerts } from '../../db/schema/messaging.js';
import type { StripePaymentEvent } from '../events.js';
import { paymentRow, quote } from './payments.js';

type NewAlert = typeof alerts.$inferInsert;

/**
 * The "payment" alerts of Stripe mode: the driver hears that the deposit or the balance is paid and that the
 * payout left; the transporter that a card was refused, that what was paid above the amount owed (or a payment
 * not due) is refunded, and that a payment page was closed because the amount owed changed.
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
      if (event.reason === 'deposit_excess')
        return row(
          event.companyId,
          'Trop-perçu remboursé',
          `Ce qui a été payé dépassait le montant dû pour ${mission} : ${amount} vous sont remboursés sur votre carte.`,
        );
      return [
        ...row(
          event.companyId,
          'Paiement remboursé',
          `Un paiement de ${amount} pour ${mission} ne correspondait pas à ce qui restait dû (montant modifié, page fermée ou mission terminée) : il vous est remboursé sur votre carte. Payez le montant à jour depuis la mission.`,
        ),
        ...row(
          event.driverId,
          'Paiement remboursé au transporteur',
          `Un paiement de ${amount} pour ${mission} ne correspondait pas à ce qui restait dû : il a été remboursé au transporteur. Votre versement suit le paiement du montant à jour.`,
        ),
      ];
    case 'stripe.amount_changed':
      return row(
        event.companyId,
        'Montant à payer modifié',
        `Le montant dû pour ${mission} a changé : il reste ${amount} à payer. Une page de paiement ouverte pour l’ancien montant a été fermée ; payez depuis la mission.`,
      );
    case 'stripe.payout_sent':
      return row(
        event.driverId,
        'Versement envoyé',
        `${amount} ont été versés sur votre compte Stripe pour ${mission}.`,
      );
  }
}
