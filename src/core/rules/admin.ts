/**
 * What the web client needs of the back office's rules without zod (it sits in the entry every page loads): the
 * code a sensitive admin action answers when the password must be typed again, and the site's default contact.
 */
export const REAUTH_REQUIRED = 'reauth_required';

export const DEFAULT_CONTACT_EMAIL = 'contact@relais.fr';
