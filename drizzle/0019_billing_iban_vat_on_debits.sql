ALTER TABLE "users" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vat_on_debits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_iban_check" CHECK ("users"."iban" is null or "users"."iban" ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_vat_on_debits_check" CHECK (not "users"."vat_on_debits" or "users"."vat_regime" = 'normal');