import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../db/schema/messaging.js';
import { sessions } from '../../db/schema/platform.js';
import type { FeatureDeps } from '../../platform/deps.js';
import type { DomainEvent } from '../../platform/events.js';
import { SESSION_COOKIE } from '../../platform/sessions.js';
import { hashToken, newToken } from '../../platform/tokens.js';

/**
 * The people of a sandbox answer (issue 18): a message the visitor sends to one of them gets a plausible reply a
 * few seconds later, and an application gets the transporter's acknowledgement, so the live features can be seen.
 * The persona writes through the very same API a person uses (an in-process request with a session of a minute),
 * so the reply is stored, counted and delivered live like any other message.
 */
export const REPLY_DELAY_MS = 2500;
/** Replies one sandbox may receive in an hour: a script, not a chat bot to lean on. */
const REPLIES_PER_HOUR = 40;

interface Persona {
  personaId: string;
  visitorId: string;
  firstName: string;
  /** The persona is a transporter (the visitor a driver) or a driver (the visitor a transporter). */
  personaIsCompany: boolean;
}

/** Which of its lines a persona answers with: the visitor's words decide, then the turn of the conversation. */
export function scriptedReply(
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

  /** The persona the event's receiver is, in the sandbox of the sender (the visitor); null otherwise. */
  const personaOf = async (visitorId: string, personaId: string): Promise<Persona | null> => {
    const { rows } = await db.execute<{ full_name: string; user_type: string; recent: number }>(sql`
      select p.full_name, p.user_type,
        (select count(*)::int from messages m
          where m.receiver_id = d.user_id and m.created_at > now() - interval '1 hour'
            and m.sender_id in (select id from users where sandbox_id = d.id)) as recent
      from demo_sandboxes d
      join users p on p.id = ${personaId} and p.sandbox_id = d.id and p.id <> d.user_id
      where d.user_id = ${visitorId}`);
    const row = rows[0];
    if (!row || row.recent >= REPLIES_PER_HOUR) return null;
    return {
      personaId,
      visitorId,
      firstName: row.full_name.split(' ')[0] ?? row.full_name,
      personaIsCompany: row.user_type === 'company',
    };
  };

  /** The persona writes through POST /api/messages/:userId with a session opened for this one request. */
  const send = async (persona: Persona, content: string, missionId: string | null) => {
    const token = newToken();
    const [session] = await db
      .insert(sessions)
      .values({
        userId: persona.personaId,
        tokenHash: hashToken(token),
        userAgent: 'Relais démo (réponse scriptée)',
        expiresAt: new Date(Date.now() + 60_000),
        absoluteExpiresAt: new Date(Date.now() + 60_000),
      })
      .returning({ id: sessions.id });
    try {
      const response = await app.inject({
        method: 'POST',
        url: `/api/messages/${persona.visitorId}`,
        cookies: { [SESSION_COOKIE]: token },
        payload: { content, missionId },
      });
      if (response.statusCode !== 201 && response.statusCode !== 200)
        app.log.warn({ status: response.statusCode }, 'réponse scriptée de la démo refusée');
    } finally {
      await db.delete(sessions).where(eq(sessions.id, session!.id));
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
