/**
 * What the back office and the server share about administrators' security (issue 17): the code a sensitive action
 * answers when the password must be typed again, and the messages of the second factor.
 */
export const REAUTH_REQUIRED = 'reauth_required';

export const adminMessages = {
  reauthRequired: 'Pour cette action, confirmez votre mot de passe.',
} as const;
