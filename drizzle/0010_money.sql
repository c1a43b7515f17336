CREATE TABLE "document_sequences" (
	"issuer_id" uuid NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_sequences_issuer_id_series_year_pk" PRIMARY KEY("issuer_id","series","year")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"event_created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "driver_payments_mission_idx";--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "payment_terms" text DEFAULT 'reception' NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "engagement_type" text DEFAULT 'employment' NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "pricing_type" text DEFAULT 'flat' NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "quantity" numeric(10, 2) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "unit_price" numeric(12, 2) NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "amount_excl_tax" numeric(12, 2) NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "vat_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "vat_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "payment_terms" text DEFAULT 'reception' NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "due_date" date NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "method" text DEFAULT 'transfer' NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "settlement_status" text DEFAULT 'owed' NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "marked_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "overdue_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_payments" ADD COLUMN "kind" text DEFAULT 'subscription' NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_payments" ADD COLUMN "mission_id" uuid;--> statement-breakpoint
ALTER TABLE "stripe_payments" ADD COLUMN "stripe_checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "stripe_payments" ADD COLUMN "stripe_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_payments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "source" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "granted_by" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "invoice_reference" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "stripe_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vat_regime" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "self_billing_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_sequences" ADD CONSTRAINT "document_sequences_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_payments" ADD CONSTRAINT "stripe_payments_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_payments_mission_key" ON "driver_payments" USING btree ("mission_id");--> statement-breakpoint
CREATE INDEX "driver_payments_due_idx" ON "driver_payments" USING btree ("due_date") WHERE settlement_status in ('owed', 'disputed');--> statement-breakpoint
CREATE INDEX "stripe_payments_mission_idx" ON "stripe_payments" USING btree ("mission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_payments_invoice_key" ON "stripe_payments" USING btree ("stripe_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_request_key" ON "subscriptions" USING btree ("user_id") WHERE status = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_key" ON "subscriptions" USING btree ("user_id") WHERE status in ('active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused');--> statement-breakpoint
CREATE INDEX "transactions_mission_idx" ON "transactions" USING btree ("mission_id");--> statement-breakpoint
ALTER TABLE "stripe_payments" ADD CONSTRAINT "stripe_payments_stripeCheckoutSessionId_unique" UNIQUE("stripe_checkout_session_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_stripeAccountId_unique" UNIQUE("stripe_account_id");--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_payment_terms_check" CHECK ("missions"."payment_terms" in ('reception', '15_days', '30_days'));--> statement-breakpoint
ALTER TABLE "driver_payments" ADD CONSTRAINT "driver_payments_settlement_check" CHECK ("driver_payments"."settlement_status" in ('owed', 'marked_paid', 'confirmed', 'disputed'));--> statement-breakpoint
ALTER TABLE "driver_payments" ADD CONSTRAINT "driver_payments_method_check" CHECK ("driver_payments"."method" in ('transfer', 'stripe'));--> statement-breakpoint
ALTER TABLE "driver_payments" ADD CONSTRAINT "driver_payments_total_check" CHECK ("driver_payments"."amount" = "driver_payments"."amount_excl_tax" + "driver_payments"."vat_amount" and "driver_payments"."vat_amount" >= 0);--> statement-breakpoint
ALTER TABLE "stripe_payments" ADD CONSTRAINT "stripe_payments_kind_check" CHECK ("stripe_payments"."kind" in ('subscription', 'deposit', 'balance'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('requested', 'active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'incomplete_expired', 'canceled', 'paused', 'ended'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_interval_check" CHECK ("subscriptions"."interval" in ('month', 'year'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_source_check" CHECK ("subscriptions"."source" in ('stripe', 'admin'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_category_check" CHECK ("transactions"."category" in ('mission_owed', 'mission_marked_paid', 'mission_confirmed', 'mission_disputed', 'deposit', 'balance', 'payout', 'refund', 'subscription'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_vat_regime_check" CHECK ("users"."vat_regime" is null or "users"."vat_regime" in ('franchise', 'normal'));--> statement-breakpoint
-- The new "payment" alert type: whoever receives mission alerts receives payment alerts the same way.
UPDATE "notification_preferences" SET "alert_types" = array_append("alert_types", 'payment') WHERE 'mission' = ANY("alert_types") AND NOT 'payment' = ANY("alert_types");--> statement-breakpoint
UPDATE "notification_preferences" SET "push_types" = array_append("push_types", 'payment') WHERE 'mission' = ANY("push_types") AND NOT 'payment' = ANY("push_types");--> statement-breakpoint
UPDATE "notification_preferences" SET "email_types" = array_append("email_types", 'payment') WHERE 'mission' = ANY("email_types") AND NOT 'payment' = ANY("email_types");
