import type { PublicUser } from '#core/schemas/users.js';
import { roleOf } from '#core/rules/roles.js';
import type { User } from '../db/schema/users.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The one place a user row becomes an API answer: fields are picked, never spread. */
export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    userType: user.userType as PublicUser['userType'],
    role: roleOf(user),
    fullName: user.fullName,
    phone: user.phone,
    avatar: user.avatar,
    emailVerified: user.emailVerified,
    licenseNumber: user.licenseNumber,
    licenseType: user.licenseType,
    yearsExperience: user.yearsExperience,
    certifications: user.certifications,
    vehicleTypes: user.vehicleTypes,
    availableFrom: iso(user.availableFrom),
    currentLocation: user.currentLocation,
    documentsVerified: user.documentsVerified,
    companyName: user.companyName,
    siretNumber: user.siretNumber,
    transportRegisterNumber: user.transportRegisterNumber,
    subscriptionPlan: user.subscriptionPlan,
    isAdmin: user.isAdmin,
    isActive: user.isActive,
    isDemo: user.isDemo,
    accountStatus: user.accountStatus,
    lastLogin: iso(user.lastLogin),
    reputationScore: user.reputationScore,
    createdAt: user.createdAt.toISOString(),
  };
}
