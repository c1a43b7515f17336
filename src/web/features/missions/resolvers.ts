import { zodResolver } from '@hookform/resolvers/zod';
import { incidentFieldsSchema, proofFieldsSchema } from '#core/schemas/delivery.js';
import { signSchema, waiveSchema } from '#core/schemas/engagements.js';
import { applySchema, missionInputSchema, reasonSchema } from '#core/schemas/missions.js';
import { recurrenceRuleSchema } from '#core/schemas/recurrence.js';

/** The API's own schema validates the form (loaded on demand through lazyResolver). */
export const missionResolver = zodResolver(missionInputSchema);
/** A recurring mission's rule (decision 056), beside the mission's own form. */
export const recurrenceResolver = zodResolver(recurrenceRuleSchema);
/**
 * The incident's fields as the form holds them (the time as a datetime-local value, read in the phone's time); the
 * form keeps its own values (`raw`): it sends the time as an instant, and only when it was changed.
 */
export const incidentResolver = zodResolver(
  incidentFieldsSchema.pick({ type: true, occurredAt: true, note: true }),
  undefined,
  { raw: true },
);
/** The application's message, as the server reads it (sent as typed: the server trims). */
export const applyResolver = zodResolver(applySchema.pick({ message: true }), undefined, { raw: true });
/** The proof's text fields (the signature and photos are checked beside them), sent as typed. */
export const proofResolver = zodResolver(
  proofFieldsSchema.pick({ recipientName: true, note: true }),
  undefined,
  {
    raw: true,
  },
);
export const signResolver = zodResolver(signSchema, undefined, { raw: true });
export const waiveResolver = zodResolver(waiveSchema, undefined, { raw: true });
/** The reason of a cancellation or a withdrawal (10 characters at least), as the server reads it. */
export const reasonResolver = zodResolver(reasonSchema, undefined, { raw: true });
