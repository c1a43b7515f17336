import { PLAN_NAMES } from '#core/rules/billing.js';
import { formatNumericDay } from '#core/rules/french-dates.js';
import type { SubscriptionPlan } from '#core/rules/enums.js';
import type { alerts } from '../../db/schema/messaging.js';
import type { PlanEvent } from '../events.js';

type NewAlert = typeof alerts.$inferInsert;

const SUBSCRIPTION_PAGE = '/driver/subscription';
const nameOf = (plan: string) => PLAN_NAMES[plan as SubscriptionPlan] ?? plan;
const until = (periodEnd: string | null) => (periodEnd ? ` jusqu’au ${formatNumericDay(periodEnd)}` : '');

/** The "payment" alert a plan change leaves for its holder, in French, linking to their plan page. */
export function planAlerts(event: PlanEvent): NewAlert[] {
  const alert = (title: string, message: string): NewAlert => ({
    userId: event.userId,
    type: 'payment',
    title,
    message,
    link: SUBSCRIPTION_PAGE,
    metadata: { event: event.type, cause: event.cause, plan: event.plan },
  });
  const previous = nameOf(event.previousPlan);
  switch (event.cause) {
    case 'granted':
      return [
        alert(
          'Formule activée',
          `Relais a activé votre formule ${nameOf(event.plan)}${until(event.periodEnd)}. Ses avantages s’appliquent dès maintenant.`,
        ),
      ];
    case 'ended':
      return [
        alert(
          'Formule terminée',
          `Relais a mis fin à votre formule ${previous}${event.reason ? `. Motif : ${event.reason}` : ''}. Vous revenez à la formule gratuite.`,
        ),
      ];
    case 'expired':
      return [
        alert(
          'Formule arrivée à échéance',
          `Votre formule ${previous} est arrivée à son terme : vous revenez à la formule gratuite. Vous pouvez la renouveler depuis votre page Abonnement.`,
        ),
      ];
    case 'stripe':
      if (event.plan === 'basic')
        return [
          alert(
            'Abonnement terminé',
            `Votre abonnement ${previous} a pris fin : vous revenez à la formule gratuite.`,
          ),
        ];
      if (event.plan === event.previousPlan)
        return [
          alert(
            'Abonnement renouvelé',
            `Votre formule ${nameOf(event.plan)} est renouvelée${until(event.periodEnd)}.`,
          ),
        ];
      return [
        alert(
          'Formule activée',
          `Votre formule ${nameOf(event.plan)} est active${until(event.periodEnd)}. Merci de votre confiance !`,
        ),
      ];
  }
}
