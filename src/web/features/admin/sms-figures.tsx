import type { AdminOverview } from '#core/schemas/admin-overview.js';
import { count } from './format.js';
import { dailyPoints, number, SeriesChart } from './overview-parts.js';

/** The SMS sent (decision 051): per day over 30 days, their billed segments, and what the provider refused. */
export function SmsFigures({ sms }: { sms: AdminOverview['sms'] }) {
  const today = sms.daily.at(-1);
  return (
    <section aria-labelledby="sms-title" className="mt-8">
      <h2 id="sms-title" className="mb-1 text-lg font-bold">
        SMS
      </h2>
      {!sms.offered && sms.last30.sent === 0 ? (
        <p className="text-ink-muted">
          Aucun prestataire SMS n’est configuré sur ce serveur : aucun SMS n’est envoyé.
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-ink-muted">
            Aujourd’hui : {count(today?.sent ?? 0, 'SMS envoyé', 'SMS envoyés')} (
            {count(today?.segments ?? 0, 'segment facturé', 'segments facturés')}),{' '}
            {count(today?.failed ?? 0, 'refusé', 'refusés')} par le prestataire.
          </p>
          <SeriesChart
            title="SMS envoyés par jour"
            description={`${number(sms.last30.sent)} SMS sur 30 jours, ${count(sms.last30.segments, 'segment facturé', 'segments facturés')} par le prestataire.`}
            column="SMS envoyés"
            points={dailyPoints(sms.daily, (index) => sms.daily[index]!.sent)}
          />
        </>
      )}
    </section>
  );
}
