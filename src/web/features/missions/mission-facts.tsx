import { CalendarClock, MapPin } from 'lucide-react';
import { formatPallets, formatWeightKg } from '#core/rules/cargo.js';
import { ROUTE_NOTES, routeLabel } from '#core/rules/driving-time-estimate.js';
import { missionRequirements } from '#core/rules/documents.js';
import { formatDateTime } from '#core/rules/french-dates.js';
import { freightLines } from '#core/rules/freight.js';
import { PAYMENT_TERMS_LABELS } from '#core/rules/money.js';
import {
  DOCUMENT_LABELS,
  ENGAGEMENT_EXPLANATIONS,
  ENGAGEMENT_LABELS,
  VEHICLE_LICENSE,
  type VehicleType,
} from '#core/rules/missions.js';
import { waitingRateOf, waitingRateText } from '#core/rules/waiting-rate.js';
import type { MissionDetail } from '#core/schemas/missions.js';
import { GoThere } from '#web/lib/navigation/go-there.js';
import { formatPrice, vehicleLabel } from './format.js';

/** How the mission is paid: online when Relais runs with Stripe, else directly by transfer within the terms. */
function settlementSentence(detail: MissionDetail, online: boolean): string {
  const { mission } = detail;
  if (online)
    return 'Paiement en ligne par carte : un acompte quand le chauffeur est retenu, le solde à la fin de la mission ; le chauffeur est payé quand le transporteur valide.';
  const follow = 'et suit le paiement jusqu’à sa confirmation.';
  if (mission.engagementType === 'employment')
    return `Rémunération versée directement par le transporteur, par virement, avec la paie du mois de la mission (échéance : la fin du mois, ou le délai convenu s’il est plus long). Relais calcule le montant dû, fournit le relevé d’heures et de rémunération ${follow}`;
  const when =
    mission.paymentTerms === 'reception'
      ? 'à réception de la facture'
      : `dans les ${PAYMENT_TERMS_LABELS[mission.paymentTerms]} suivant la facture`;
  return `Paiement directement entre les parties, par virement, ${when}, émise à la fin de la mission au nom du chauffeur. Relais calcule le montant dû, émet la facture ${follow}`;
}

/** One end of the mission: its address, and « Y aller » for the driver who may go there. */
function PlaceFact({
  label,
  place,
  text,
  latitude,
  longitude,
  navigable,
}: {
  label: string;
  place: 'ramassage' | 'livraison';
  text: string | null;
  latitude: number | null;
  longitude: number | null;
  navigable: boolean;
}) {
  return (
    <div>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="flex gap-1.5 font-semibold">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
        <span className="user-text">{text}</span>
      </dd>
      {navigable && (
        <dd>
          <GoThere place={place} destination={{ latitude, longitude, label: text ?? '' }} />
        </dd>
      )}
    </div>
  );
}

/**
 * Where, when, what, how much and in which frame: the same facts for a member and a visitor; for a driver
 * (`navigable`), « Y aller » under each address.
 */
export function MissionFacts({
  detail,
  online = false,
  navigable = false,
}: {
  detail: MissionDetail;
  online?: boolean;
  navigable?: boolean;
}) {
  const { mission } = detail;
  // What applying needs: the ticked documents, and ADR for dangerous goods (a class given, or named in the cargo).
  const required = missionRequirements(mission.requiredDocuments, mission.cargoType, mission.adrClass);
  // The goods and the waiting rate the transport order states (decision 042), when the publisher gave them.
  const load = [
    mission.cargoWeightKg === null ? null : formatWeightKg(mission.cargoWeightKg),
    mission.palletCount === null ? null : formatPallets(mission.palletCount),
  ].filter((part) => part !== null);
  const rate = waitingRateOf(mission);
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-2">
        <PlaceFact
          label="Ramassage"
          place="ramassage"
          text={mission.pickupAddress ?? mission.pickupCity}
          latitude={mission.pickupLat}
          longitude={mission.pickupLng}
          navigable={navigable}
        />
        <PlaceFact
          label="Livraison"
          place="livraison"
          text={mission.deliveryAddress ?? mission.deliveryCity}
          latitude={mission.deliveryLat}
          longitude={mission.deliveryLng}
          navigable={navigable}
        />
        {mission.route && (
          <div>
            <dt className="text-sm text-ink-muted">
              {mission.route.source === 'routing' ? 'Trajet par la route' : 'Trajet estimé'}
            </dt>
            <dd className="font-semibold">
              {routeLabel(mission.route)}
              <span className="block text-sm font-normal text-ink-muted">
                ({ROUTE_NOTES[mission.route.source].long})
              </span>
            </dd>
          </div>
        )}
        <div>
          <dt className="text-sm text-ink-muted">Début</dt>
          <dd className="flex gap-1.5 font-semibold">
            <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {formatDateTime(mission.startDate)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Fin</dt>
          <dd className="font-semibold">{formatDateTime(mission.endDate)}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Véhicule</dt>
          <dd className="font-semibold">
            {vehicleLabel(mission.vehicleType)} · permis{' '}
            {VEHICLE_LICENSE[mission.vehicleType as VehicleType] ?? '—'}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">
            {mission.status === 'available' ? 'Prix proposé' : 'Prix convenu'}
          </dt>
          <dd className="text-xl font-extrabold">{formatPrice(mission.price, mission.pricingType)}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Délai de paiement</dt>
          <dd className="font-semibold">{PAYMENT_TERMS_LABELS[mission.paymentTerms]}</dd>
        </div>
        {mission.cargoType && (
          <div>
            <dt className="text-sm text-ink-muted">Marchandise</dt>
            <dd className="user-text font-semibold">{mission.cargoType}</dd>
          </div>
        )}
        {load.length > 0 && (
          <div>
            <dt className="text-sm text-ink-muted">Poids brut et palettes</dt>
            <dd className="font-semibold">{load.join(' · ')}</dd>
          </div>
        )}
        {/* The slots, the set-point, the dangerous goods and the equipment: the transport order's lines. */}
        {freightLines(mission).map((line) => (
          <div key={line.label}>
            <dt className="text-sm text-ink-muted">{line.label}</dt>
            <dd className="font-semibold">{line.value}</dd>
          </div>
        ))}
        {rate && (
          <div className="sm:col-span-2">
            <dt className="text-sm text-ink-muted">Attente facturée</dt>
            <dd className="font-semibold">{waitingRateText(rate)}</dd>
          </div>
        )}
        <div>
          <dt className="text-sm text-ink-muted">Documents exigés</dt>
          <dd className="font-semibold">
            {required.length ? required.map((d) => DOCUMENT_LABELS[d]).join(', ') : 'Aucun'}
          </dd>
        </div>
      </dl>
      <div className="mt-4 rounded-xl bg-surface-sunken p-4">
        <p className="font-semibold">{ENGAGEMENT_LABELS[mission.engagementType]}</p>
        <p className="mt-1 text-sm text-ink-muted">{ENGAGEMENT_EXPLANATIONS[mission.engagementType]}</p>
        <p className="mt-1 text-sm text-ink-muted">{settlementSentence(detail, online)}</p>
      </div>
      <p className="user-text mt-4 whitespace-pre-line">{mission.description}</p>
    </>
  );
}
