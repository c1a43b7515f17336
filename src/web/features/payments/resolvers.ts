import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { DOCUMENT_MAX_BYTES, documentMessages } from '#core/schemas/documents.js';
import {
  billingDetailsSchema,
  disputeSchema,
  markPaidSchema,
  paymentMessages,
  type BillingDetailsInput,
} from '#core/schemas/payments.js';
import type { BillingFormContext, BillingFormValues, PayslipFormValues } from './form-values.js';
import { parisDate } from '#core/rules/days.js';

/** The API's own schemas validate the forms (loaded on demand through lazyResolver). */
export const disputeResolver = zodResolver(disputeSchema);

const markPaidZod = zodResolver(markPaidSchema);
/** The server's schema, and a day not after today in Paris (the server says so too). */
export const markPaidResolver: Resolver<{ paidOn: string; reference: string }> = async (
  values,
  context,
  options,
) => {
  const result = await markPaidZod(values, context, options);
  if (values.paidOn && values.paidOn > parisDate(new Date()) && !result.errors.paidOn)
    return {
      values: {},
      errors: { ...result.errors, paidOn: { type: 'validate', message: paymentMessages.paidOnFuture } },
    };
  return result as never;
};

function collect<T extends FieldValues>(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'root');
    errors[field] ??= { type: 'validate', message: issue.message };
  }
  return errors as FieldErrors<T> & Record<string, { type: string; message: string }>;
}

/** What is sent for the form's values: a driver's SIRET, VAT and mandate; a transporter's address only. */
export function billingInput(values: BillingFormValues, context: BillingFormContext): BillingDetailsInput {
  if (!context.driver) return { billingAddress: values.billingAddress };
  return {
    billingAddress: values.billingAddress,
    siretNumber: values.siretNumber,
    vatRegime: values.vatRegime || undefined,
    vatNumber: values.vatRegime === 'normal' ? values.vatNumber : null,
    vatOnDebits: values.vatRegime === 'normal' && values.vatOnDebits,
    iban: values.iban.trim() ? values.iban : null,
    ...(context.mandateAccepted ? {} : { acceptSelfBillingMandate: values.acceptSelfBillingMandate }),
  } as BillingDetailsInput;
}

/**
 * billingDetailsSchema, plus what an invoice needs of a driver: SIRET, VAT regime, the VAT number when subject
 * to VAT, and the self-billing mandate accepted once.
 */
export const billingResolver: Resolver<BillingFormValues, BillingFormContext> = async (values, context) => {
  const ctx = context ?? { driver: false, mandateAccepted: false };
  const input = billingInput(values, ctx);
  const parsed = billingDetailsSchema.safeParse(input);
  const errors = parsed.success
    ? collect<BillingFormValues>([])
    : collect<BillingFormValues>(parsed.error.issues);
  if (ctx.driver) {
    if (!values.vatRegime)
      errors.vatRegime ??= { type: 'required', message: paymentMessages.vatRegimeRequired };
    if (values.vatRegime === 'normal' && !values.vatNumber.trim())
      errors.vatNumber ??= { type: 'required', message: paymentMessages.vatNumberInvalid };
    if (!ctx.mandateAccepted && !values.acceptSelfBillingMandate)
      errors.acceptSelfBillingMandate ??= { type: 'required', message: paymentMessages.mandateRequired };
  }
  if (Object.keys(errors).length) return { values: {}, errors };
  return { values, errors: {} };
};

/** The payslip's number and its PDF (10 Mo at most; the server reads its content again). */
export const payslipResolver: Resolver<PayslipFormValues> = async (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  const number = values.number.trim();
  if (!number) errors.number = { type: 'required', message: paymentMessages.payslipNumberRequired };
  else if (number.length > 60)
    errors.number = { type: 'validate', message: 'Le numéro ne doit pas dépasser 60 caractères' };
  const file = values.file?.[0];
  if (!file || file.size === 0 || !(file.type === 'application/pdf' || /\.pdf$/i.test(file.name)))
    errors.file = { type: 'validate', message: 'Choisissez le bulletin de paie au format PDF' };
  else if (file.size > DOCUMENT_MAX_BYTES)
    errors.file = { type: 'validate', message: documentMessages.fileTooLarge };
  if (Object.keys(errors).length) return { values: {}, errors: errors as FieldErrors<PayslipFormValues> };
  return { values: { ...values, number }, errors: {} };
};
