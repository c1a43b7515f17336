import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../db/schema/messaging.js';
import { sessions } from '../../db/schema/platform.js';
import type { FeatureDeps } from '../../platform/deps.js';
import type { DomainEvent } from '../../platform/events.js';
import { consumeRate } from '../../platform/rate-limit.js';
import { SESSION_COOKIE } from '../../platform/sessions.js';
import { hashToken, newToken } from '../../platform/tokens.js';

/**
 * The people of a sandbox answer (decision 022): a message the visitor sends to one of them gets a plausible reply a
 * few seconds later, and an application gets the transporter's acknowledgement, so the live features can be seen.
 * The persona writes through the very same API a person uses (an in-process request with a session of a minute),
 * so the reply is stored, counted and delivered live like any other message.
 */
export const REPLY_DELAY_MS = 2500;
/**
 * Replies one sandbox may receive in an hour: a script, not a chat bot to lean on. Counted when a reply is decided
 * (the shared rate-limit table, one atomic upsert), not when it is written 2.5 s later: a burst of messages sent
 * before the first reply lands would otherwise each find the count low and all be answered.
 */
const REPLIES_PER_HOUR = { limit: 40, windowSeconds: 3600 };

interface Persona {
  personaId: string;
  visitorId: string;
  firstName: string;
  /** The persona is a transporter (the visitor a driver) or a driver (the visitor a transporter). */
  personaIsCompany: boolean;
}

/** Which of its lines a persona answers with: the visitor's words decide, then the turn of the conversation. */
function scriptedReply(
  content: string,
  persona: Pick<Persona, 'firstName' | 'personaIsCompany'>,
  turn: number,
) {
  const text = content
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  const company = persona.personaIsCompany;
  if (/\b(prix|tarif|€|euros?|paye|paie|remuneration|facture)\b/.test(text))
    return company
      ? 'Le prix affiché est ferme, péages compris. Règlement à réception de la facture, comme indiqué sur la mission.'
      : 'Le tarif me va. Je vous envoie la facture dès la livraison confirmée.';
  if (/\b(heure|horaire|quand|arrive|arriver|retard|depart|demain)\b/.test(text))
    return company
      ? 'Chargement à partir de 7 h, le quai est ouvert jusqu’à 18 h. Prévenez-moi ici si vous avez du retard.'
      : 'Je serai au chargement à l’heure prévue. Je vous préviens ici au moindre retard.';
  if (/\b(adresse|ou|quai|lieu|parking|acces)\b/.test(text))
    return company
      ? 'L’adresse exacte est sur la mission. Présentez-vous à l’accueil poids lourds, quai 4.'
      : 'Bien noté pour l’adresse. J’ai l’itinéraire, tout est bon de mon côté.';
  if (/\b(merci|parfait|super|top|ok|d'accord|daccord)\b/.test(text))
    return company ? 'Merci à vous, bonne route !' : 'Avec plaisir, à bientôt sur la route.';
  const openings = company
    ? [
        `Bonjour, ${persona.firstName} à l’exploitation. Bien reçu, je regarde et je reviens vers vous.`,
        'C’est noté. Le chargement est prêt, vous pouvez y aller quand vous voulez.',
        'Parfait, je préviens le client de votre passage.',
      ]
    : [
        `Bonjour, c’est ${persona.firstName}. Bien reçu, je suis disponible pour cette mission.`,
        'C’est noté, je m’organise. Mon camion est prêt.',
        'D’accord, je vous tiens au courant pendant le trajet.',
      ];
  return openings[turn % openings.length]!;
}

export function subscribeScriptedReplies(app: FastifyInstance, deps: FeatureDeps): void {
  const { db, events } = deps;
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });

  /**
   * The persona the event's receiver is, in the sandbox of the sender (the visitor), with a reply left in the
   * sandbox's hour; null otherwise.
   */
  const personaOf = async (visitorId: string, personaId: string): Promise<Persona | null> => {
    const { rows } = await db.execute<{ full_name: string; user_type: string; sandbox_id: string }>(sql`
      select p.full_name, p.user_type, d.id as sandbox_id
      from demo_sandboxes d
      join users p on p.id = ${personaId} and p.sandbox_id = d.id and p.id <> d.user_id
      where d.user_id = ${visitorId}`);
    const row = rows[0];
    if (!row) return null;
    if (!(await consumeRate(db, `demo:replies:${row.sandbox_id}`, REPLIES_PER_HOUR)).allowed) return null;
    return {
      personaId,
      visitorId,
      firstName: row.full_name.split(' ')[0] ?? row.full_name,
      personaIsCompany: row.user_type === 'company',
    };
  };

  /** The persona and the visitor are still of one sandbox (not reset, not removed since the reply was decided). */
  const together = (persona: Persona) => sql`
    from demo_sandboxes d join users p on p.sandbox_id = d.id
    where d.user_id = ${persona.visitorId} and p.id = ${persona.personaId}`;
  const stillTogether = async (persona: Persona) =>
    (await db.execute(sql`select 1 ${together(persona)}`)).rows.length > 0;

  /**
   * The persona writes through POST /api/messages/:userId with a session opened for this one request. A sandbox
   * reset or removed in the meantime (the visitor left, or restored its data) has no one left to answer: the
   * reply is dropped without a word, and nothing is written.
   */
  const send = async (persona: Persona, content: string, missionId: string | null) => {
    const token = newToken();
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into sessions (user_id, token_hash, user_agent, expires_at, absolute_expires_at)
      select p.id, ${hashToken(token)}, 'Relais démo (réponse scriptée)',
        now() + interval '1 minute', now() + interval '1 minute'
      ${together(persona)}
      returning id`);
    const session = rows[0];
    if (!session) return;
    try {
      const response = await app.inject({
        method: 'POST',
        url: `/api/messages/${persona.visitorId}`,
        cookies: { [SESSION_COOKIE]: token },
        payload: { content, missionId },
      });
      if (response.statusCode !== 201 && (await stillTogether(persona)))
        app.log.warn({ status: response.statusCode }, 'réponse scriptée de la démo refusée');
    } finally {
      await db.delete(sessions).where(eq(sessions.id, session.id));
    }
  };

  const later = (work: () => Promise<void>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void work().catch((error: unknown) => app.log.warn({ err: error }, 'réponse scriptée de la démo'));
    }, REPLY_DELAY_MS);
    timer.unref();
    timers.add(timer);
  };

  events.subscribe(async (event: DomainEvent) => {
    if (event.type === 'message.sent') {
      const persona = await personaOf(event.senderId, event.receiverId);
      if (!persona) return;
      const [sent] = await db
        .select({ content: messages.content })
        .from(messages)
        .where(eq(messages.id, event.messageId));
      const [turns] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(messages)
        .where(
          and(eq(messages.conversationId, event.conversationId), eq(messages.senderId, persona.personaId)),
        );
      const content = scriptedReply(sent?.content ?? '', persona, turns?.count ?? 0);
      later(() => send(persona, content, event.missionId));
    } else if (event.type === 'application.created') {
      const persona = await personaOf(event.driverId, event.companyId);
      if (!persona) return;
      later(() =>
        send(
          persona,
          `Bonjour, merci pour votre candidature sur « ${event.title} ». Votre profil est complet, je regarde et je vous réponds rapidement.`,
          event.missionId,
        ),
      );
    }
  });
}
