CREATE TABLE "invoice_series" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_series_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "plan_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid,
	"stripe_payment_id" uuid,
	"subscription_id" uuid,
	"issued_on" date NOT NULL,
	"description" text NOT NULL,
	"amount_excl_tax" numeric(12, 2) NOT NULL,
	"vat_amount" numeric(12, 2) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid" boolean NOT NULL,
	"file_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "plan_invoices_stripePaymentId_unique" UNIQUE("stripe_payment_id"),
	CONSTRAINT "plan_invoices_subscriptionId_unique" UNIQUE("subscription_id")
);
--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_stripe_payment_id_stripe_payments_id_fk" FOREIGN KEY ("stripe_payment_id") REFERENCES "public"."stripe_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_invoices_user_idx" ON "plan_invoices" USING btree ("user_id","created_at");