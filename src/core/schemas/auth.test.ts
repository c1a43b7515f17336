import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from './auth.js';

function fieldErrors(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const driver = {
  userType: 'driver',
  email: 'jean@exemple.fr',
  password: 'secret1',
  fullName: 'Jean Routier',
  phone: '0612345678',
  licenseNumber: '123',
  licenseType: 'CE',
  yearsExperience: 3,
  subscriptionPlan: 'basic',
  certifications: [],
};
const company = {
  userType: 'company',
  email: 'claire@exemple.fr',
  password: 'secret1',
  fullName: 'Claire Martin',
  phone: '0123456789',
  companyName: 'Transports Martin',
  siretNumber: '73282932000074',
  subscriptionPlan: 'basic',
};

describe('login schema', () => {
  it('gives the docs/specification.md messages', () => {
    expect(fieldErrors(loginSchema.safeParse({ email: 'nope', password: '12345' }))).toEqual({
      email: 'Email invalide',
      password: 'Le mot de passe doit contenir au moins 6 caractères',
    });
  });
  it('trims and lower-cases the e-mail', () => {
    expect(loginSchema.parse({ email: ' Jean@Exemple.FR ', password: 'secret1' }).email).toBe(
      'jean@exemple.fr',
    );
  });
});

describe('registration schema', () => {
  it('accepts both docs/specification.md payloads and normalises them', () => {
    const parsedDriver = registerSchema.parse({ ...driver, yearsExperience: '7' });
    expect(parsedDriver).toMatchObject({
      yearsExperience: 7,
      phone: '+33612345678',
      subscriptionPlan: 'basic',
    });
    const parsedCompany = registerSchema.parse({ ...company, siretNumber: '732 829 320 00074' });
    expect(parsedCompany).toMatchObject({ siretNumber: '73282932000074', phone: '+33123456789' });
  });

  it('defaults years of experience to 0 and certifications to an empty list', () => {
    const { yearsExperience: _y, certifications: _c, ...rest } = driver;
    expect(registerSchema.parse(rest)).toMatchObject({ yearsExperience: 0, certifications: [] });
  });

  it('gives every driver message of docs/specification.md §5', () => {
    const result = registerSchema.safeParse({
      ...driver,
      email: 'x',
      password: '123',
      fullName: 'J',
      phone: '06123',
      licenseNumber: '',
      licenseType: '',
    });
    expect(fieldErrors(result)).toEqual({
      email: 'Email invalide',
      password: 'Le mot de passe doit contenir au moins 6 caractères',
      fullName: 'Nom complet requis',
      phone: 'Numéro de téléphone invalide',
      licenseNumber: 'Numéro de permis requis',
      licenseType: 'Type de permis requis',
    });
  });

  it('gives every company message of docs/specification.md §5', () => {
    const result = registerSchema.safeParse({
      ...company,
      fullName: '',
      companyName: 'A',
      siretNumber: '1234',
    });
    expect(fieldErrors(result)).toEqual({
      fullName: 'Nom du contact requis',
      companyName: "Nom de l'entreprise requis",
      siretNumber: 'Numéro SIRET invalide',
    });
  });

  it('refuses a licence type outside C, CE, C1, C1E', () => {
    expect(fieldErrors(registerSchema.safeParse({ ...driver, licenseType: 'B' }))).toEqual({
      licenseType: 'Type de permis invalide (C, CE, C1 ou C1E)',
    });
    for (const type of ['C', 'CE', 'C1', 'C1E']) {
      expect(registerSchema.safeParse({ ...driver, licenseType: type }).success).toBe(true);
    }
  });

  it('refuses a SIRET that fails its checksum', () => {
    expect(fieldErrors(registerSchema.safeParse({ ...company, siretNumber: '73282932000075' }))).toEqual({
      siretNumber: 'Numéro SIRET invalide : la clé de contrôle ne correspond pas',
    });
  });

  it('refuses a phone number of 10 characters that is not a number', () => {
    expect(fieldErrors(registerSchema.safeParse({ ...driver, phone: '0612-ABCDE' }))).toEqual({
      phone: 'Numéro de téléphone invalide',
    });
  });

  it('refuses a paid plan at registration and an unknown account type', () => {
    expect(fieldErrors(registerSchema.safeParse({ ...driver, subscriptionPlan: 'elite' }))).toHaveProperty(
      'subscriptionPlan',
    );
    expect(fieldErrors(registerSchema.safeParse({ ...driver, userType: 'admin' }))).toEqual({
      userType: 'Type de compte invalide',
    });
  });
});
