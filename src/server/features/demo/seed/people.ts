import { frenchVatKey, luhnValid } from '#core/rules/siret.js';
import type { NewUser } from '../../../db/schema/users.js';
import { DEMO_PERSONAS, VISITOR, type Persona } from './cast.js';
import { place, type PlaceKey } from './places.js';
import { DAY, HOUR, type Account, type Side, type World } from './world.js';

/**
 * The accounts of a sandbox (decision 022): the visitor's own and the personas of the cast (cast.ts), complete
 * profiles in the sandbox's world. No account has a password: a demo account is signed in by its door.
 */

/**
 * What the password column holds: not a scrypt hash (platform/passwords.ts verifyPassword reads the scheme first
 * and answers false for anything but "scrypt", without computing), so no password ever matches.
 */
const UNUSABLE_PASSWORD = 'demo$aucun-mot-de-passe';

/** The visitor's address: `demo-<first 8 characters of the sandbox id>@demo.relais.invalid` (never deliverable). */
export const demoEmail = (sandboxId: string) => `demo-${sandboxId.slice(0, 8)}@demo.relais.invalid`;

/** The domain of the fictional people's addresses: what tells a persona from the visitor. */
const PERSONA_EMAIL_DOMAIN = 'personnages.demo.relais.invalid';
const personaEmail = (key: string, sandboxId: string) => `${key}.${sandboxId}@${PERSONA_EMAIL_DOMAIN}`;

/** The Luhn key appended: a valid SIREN from 8 digits, a valid SIRET from 13. */
function withLuhnKey(digits: string): string {
  for (let key = 0; key <= 9; key++) if (luhnValid(`${digits}${key}`)) return `${digits}${key}`;
  throw new Error('unreachable');
}
const sirenOf = (base: string) => withLuhnKey(base);
const siretOf = (base: string) => withLuhnKey(`${sirenOf(base)}0001`);

/** A persona of the data set, told by its address: null for the visitor and for anyone outside a sandbox. */
export function personaOf(user: { email: string; sandboxId: string | null }): Persona | null {
  if (!user.sandboxId || !user.email.endsWith(`@${PERSONA_EMAIL_DOMAIN}`)) return null;
  const key = user.email.slice(0, user.email.indexOf('.'));
  return DEMO_PERSONAS.find((persona) => persona.key === key) ?? null;
}

/** Whether the account is one of the fictional people of a sandbox (not the visitor, not a real member). */
export const isSandboxPersona = (user: { email: string; sandboxId: string | null }) =>
  personaOf(user) !== null;

const coordinate = (value: number) => value.toFixed(6);

function baseRow(w: World, id: string, email: string, side: Side, homeKey: PlaceKey): NewUser {
  const home = place(homeKey);
  return {
    id,
    email,
    password: UNUSABLE_PASSWORD,
    userType: side === 'driver' ? 'driver' : 'company',
    fullName: '',
    emailVerified: true,
    isDemo: true,
    sandboxId: w.input.sandboxId,
    currentLocation: home.city,
    currentLat: coordinate(home.lat),
    currentLng: coordinate(home.lng),
    accountStatus: 'active',
    isActive: true,
  };
}

/** Everything a transporter needs to publish and be invoiced: company, SIRET, billing address. */
function companyFields(name: string, sirenBase: string, street: string, homeKey: PlaceKey): Partial<NewUser> {
  const home = place(homeKey);
  const postcode = /\d{5}/.exec(home.address)?.[0] ?? '';
  return {
    companyName: name,
    siretNumber: siretOf(sirenBase),
    billingAddress: `${name}\n${street}\n${postcode} ${home.city}`,
  };
}

function addAccount(w: World, persona: Persona | null, side: Side, row: NewUser): Account {
  const account: Account = {
    id: row.id!,
    side,
    fullName: row.fullName,
    displayName: side === 'transporter' && row.companyName ? row.companyName : row.fullName,
    persona,
    home: place((persona?.home ?? VISITOR[side].home) as PlaceKey),
    row,
  };
  w.accounts.push(account);
  return account;
}

/** The visitor's account, with the id the sandbox service chose: a complete profile for the door taken. */
export function createVisitor(w: World): Account {
  const side = w.input.role;
  const row = baseRow(w, w.input.userId, demoEmail(w.input.sandboxId), side, VISITOR[side].home);
  row.fullName = VISITOR.fullName;
  row.phone = VISITOR[side].phone;
  row.createdAt = w.at(-372 * DAY);
  if (side === 'driver') {
    const { home: _home, phone: _phone, plan, ...driver } = VISITOR.driver;
    Object.assign(row, driver, { subscriptionPlan: plan });
  } else {
    const company = VISITOR.transporter;
    Object.assign(
      row,
      companyFields(company.companyName, company.sirenBase, company.billingStreet, company.home),
      {
        subscriptionPlan: company.plan,
      },
    );
  }
  return addAccount(w, null, side, row);
}

/** The fictional people, each a complete account of the sandbox's world. */
export function createPersonas(w: World): Map<string, Account> {
  const cast = new Map<string, Account>();
  for (const [index, persona] of DEMO_PERSONAS.entries()) {
    const row = baseRow(w, w.id(), personaEmail(persona.key, w.input.sandboxId), persona.side, persona.home);
    row.fullName = persona.fullName;
    row.phone = persona.phone;
    row.subscriptionPlan = persona.plan;
    row.createdAt = w.at(-(420 + index * 37) * DAY);
    row.lastLogin = w.at(-(1 + index) * 3 * HOUR);
    if (persona.side === 'transporter') {
      Object.assign(
        row,
        companyFields(persona.companyName!, persona.sirenBase!, persona.billingStreet!, persona.home),
      );
    } else {
      Object.assign(row, {
        licenseNumber: `${14 + (index % 7)}${String(100000 + index * 7919).slice(0, 6)}${String(index).padStart(4, '0')}`,
        licenseType: persona.licenseType,
        yearsExperience: persona.yearsExperience,
        certifications: persona.certifications,
        vehicleTypes: persona.vehicleTypes,
      });
      if (persona.engagement === 'independent') {
        const siren = sirenOf(persona.sirenBase!);
        const home = place(persona.home);
        Object.assign(row, {
          siretNumber: siretOf(persona.sirenBase!),
          billingAddress: `${persona.fullName}\n${persona.billingStreet}\n${/\d{5}/.exec(home.address)?.[0]} ${home.city}`,
          vatRegime: persona.vatRegime,
          vatNumber: persona.vatRegime === 'normal' ? `FR${frenchVatKey(siren)}${siren}` : null,
          selfBillingAcceptedAt: w.at(-(300 + index) * DAY),
        });
      }
    }
    cast.set(persona.key, addAccount(w, persona, persona.side, row));
  }
  return cast;
}

/** A persona's account by key (the cast is built first). */
export function who(cast: Map<string, Account>, key: string): Account {
  const account = cast.get(key);
  if (!account) throw new Error(`demo seed: unknown persona ${key}`);
  return account;
}
