import { AlertTriangle, Download, FileText, MapPin, PackageCheck } from 'lucide-react';
import { useState } from 'react';
import { formatWaiting, WAITING_PLACE_LABELS } from '#core/rules/road.js';
import { waitingRateOf, waitingRateText } from '#core/rules/waiting-rate.js';
import type { MissionDelivery } from '#core/schemas/delivery.js';
import type { Mission, MissionDetail } from '#core/schemas/missions.js';
import { formatDateTime, formatShortDateTime } from '#core/rules/french-dates.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { Section } from './detail-section.js';
import { useDelivery } from './delivery-api.js';
import { IncidentForm } from './incident-form.js';
import { WaitingBox } from './waiting-box.js';

const SHOWN = ['in_progress', 'delivered', 'completed'];

const positionText = (position: { latitude: number; longitude: number; accuracy: number | null }) =>
  `${position.latitude.toFixed(5)}, ${position.longitude.toFixed(5)}${
    position.accuracy === null ? '' : ` (à ${Math.round(position.accuracy)} m près)`
  }`;

/** A row of small photos, each opening the full one. */
function Thumbnails({ urls, label }: { urls: string[]; label: string }) {
  if (urls.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={label}>
      {urls.map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer" className="block">
            <img
              src={url}
              alt={`${label} ${index + 1}`}
              loading="lazy"
              className="h-20 w-20 rounded-lg border border-line bg-white object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

function ProofBlock({ delivery, delivered }: { delivery: MissionDelivery; delivered: boolean }) {
  const proof = delivery.proof!;
  const images = proof.photos.filter((photo) => photo.kind === 'image').map((photo) => photo.url);
  const documents = proof.photos.filter((photo) => photo.kind === 'pdf');
  return (
    <div className="rounded-xl border border-line p-4">
      <p className="flex items-start gap-2 font-semibold">
        <PackageCheck className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden="true" />
        <span>
          {delivered ? 'Livrée' : 'Preuve enregistrée'} — réceptionnée par{' '}
          <span className="user-text">{proof.recipientName}</span>
        </span>
      </p>
      <p className="mt-1 text-sm text-ink-muted">Signée le {formatDateTime(proof.signedAt)}</p>
      <p className="mt-1 flex items-start gap-1.5 text-sm text-ink-muted">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {proof.position ? positionText(proof.position) : 'Position non communiquée par le téléphone'}
      </p>
      {proof.note && <p className="user-text mt-2 whitespace-pre-line text-sm">{proof.note}</p>}
      <img
        src={proof.signatureUrl}
        alt={`Signature de ${proof.recipientName}`}
        className="mt-3 h-24 w-full max-w-xs rounded-lg border border-line bg-white object-contain"
      />
      <Thumbnails urls={images} label="Bon de livraison, photo" />
      {documents.map((photo, index) => (
        <a
          key={photo.url}
          href={photo.url}
          className="mt-2 flex items-center gap-1.5 text-sm text-accent underline"
        >
          <FileText className="h-4 w-4" aria-hidden="true" />
          Document joint {index + 1} (PDF)
        </a>
      ))}
      {proof.pdfUrl && (
        <a href={proof.pdfUrl} download className={buttonClasses('primary', 'md', 'mt-4 w-full sm:w-auto')}>
          <Download className="h-5 w-5" aria-hidden="true" />
          Télécharger la preuve de livraison (PDF)
        </a>
      )}
    </div>
  );
}

function Incidents({ delivery }: { delivery: MissionDelivery }) {
  if (delivery.incidents.length === 0)
    return <p className="text-sm text-ink-muted">Aucun incident signalé.</p>;
  return (
    <ul className="space-y-3" aria-label="Incidents signalés">
      {delivery.incidents.map((incident) => (
        <li key={incident.id} className="rounded-xl border border-danger/40 bg-danger/5 p-4">
          <p className="flex flex-wrap items-center gap-x-2 font-semibold">
            <AlertTriangle className="h-5 w-5 text-danger" aria-hidden="true" />
            {incident.label}
            <span className="text-sm font-normal text-ink-muted">
              {formatShortDateTime(incident.occurredAt)}
              {incident.reporterName ? ` · ${incident.reporterName}` : ''}
            </span>
          </p>
          {incident.note && <p className="user-text mt-1 whitespace-pre-line">{incident.note}</p>}
          {incident.position && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-muted">
              <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
              {positionText(incident.position)}
            </p>
          )}
          <Thumbnails urls={incident.photos} label={`${incident.label}, photo`} />
        </li>
      ))}
    </ul>
  );
}

function WaitingTotals({ delivery, mission }: { delivery: MissionDelivery; mission: Mission }) {
  const { totals } = delivery.waiting;
  if (totals.periods === 0) return null;
  const rate = waitingRateOf(mission);
  return (
    <div>
      <h3 className="font-semibold">Temps d’attente</h3>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 text-sm">
        {(['pickup', 'delivery'] as const).map((place) => (
          <div key={place} className="contents">
            <dt className="text-ink-muted">Attente {WAITING_PLACE_LABELS[place]}</dt>
            <dd className="text-right font-semibold">
              {formatWaiting(place === 'pickup' ? totals.pickupMinutes : totals.deliveryMinutes)}
            </dd>
          </div>
        ))}
        <dt className="text-ink-muted">Total</dt>
        <dd className="text-right font-semibold">
          {formatWaiting(totals.totalMinutes)}
          {totals.running ? ' (en cours)' : ''}
        </dd>
      </dl>
      <p className="mt-1 text-sm text-ink-muted">
        {totals.billed && rate
          ? `Facturée au-delà de la franchise : ${waitingRateText(rate)}.`
          : 'À titre d’information : aucun tarif d’attente pour cette mission.'}
      </p>
    </div>
  );
}

/**
 * On the mission page, from the start: for the driver while the mission runs, "Signaler un incident" and the
 * waiting timer; for both parties, the incidents, the waiting totals and, once delivered, the proof of delivery
 * with its PDF.
 */
export function DeliveryPanel({ detail }: { detail: MissionDetail }) {
  const { mission } = detail;
  const shown = SHOWN.includes(mission.status);
  const query = useDelivery(mission.id, shown, mission.status === 'in_progress');
  const [reporting, setReporting] = useState(false);
  const delivery = query.data;
  if (!shown || !delivery) return null;
  const delivered = mission.status !== 'in_progress';
  const driver = delivery.viewerRole === 'driver';
  return (
    <Section title={delivered ? 'Livraison' : 'Sur la route'}>
      <div className="space-y-4">
        {delivery.proof && (delivered || driver) && <ProofBlock delivery={delivery} delivered={delivered} />}
        {delivery.canWait && <WaitingBox delivery={delivery} mission={mission} />}
        {delivery.canReport &&
          (reporting ? (
            <IncidentForm missionId={mission.id} onDone={() => setReporting(false)} />
          ) : (
            <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setReporting(true)}>
              <AlertTriangle className="h-5 w-5 text-danger" aria-hidden="true" />
              Signaler un incident
            </Button>
          ))}
        <div>
          <h3 className="mb-2 font-semibold">Incidents</h3>
          <Incidents delivery={delivery} />
        </div>
        <WaitingTotals delivery={delivery} mission={mission} />
      </div>
    </Section>
  );
}
