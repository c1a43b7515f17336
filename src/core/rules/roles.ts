/**
 * docs/specification.md calls the company side "company" at registration and "transporter" everywhere else.
 * The stored userType keeps the registration word; the role is what guards and menus speak of.
 * See docs/decisions/003-driver-company-transporter.md.
 */
export const USER_TYPES = ['driver', 'company', 'admin'] as const;

export const ROLES = ['driver', 'transporter', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function roleOf(user: { userType: string; isAdmin: boolean }): Role {
  if (user.isAdmin || user.userType === 'admin') return 'admin';
  return user.userType === 'company' ? 'transporter' : 'driver';
}

export const ROLE_LABELS: Record<Role, string> = {
  driver: 'Chauffeur',
  transporter: 'Transporteur',
  admin: 'Administrateur',
};
