-- The transport order's mentions and the waiting rate (decision 042): the goods' weight and pallets and the
-- waiting rate set at publication on missions, the carrier's register number on users, the waiting billed on each
-- payment. Every new column is nullable or has a default, so every row is kept as it was: a mission without a
-- rate bills no waiting, a payment made before bills none (0), exactly what it said.
ALTER TABLE "missions" ADD COLUMN "cargo_weight_kg" integer;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "pallet_count" integer;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "waiting_franchise_minutes" integer;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "waiting_quarter_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "waiting_quarters" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "waiting_quarter_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "waiting_franchise_minutes" integer;--> statement-breakpoint
ALTER TABLE "driver_payments" ADD COLUMN "waiting_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "transport_register_number" text;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_cargo_weight_check" CHECK ("missions"."cargo_weight_kg" is null or "missions"."cargo_weight_kg" between 1 and 44000);--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_pallet_count_check" CHECK ("missions"."pallet_count" is null or "missions"."pallet_count" between 1 and 99);--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_waiting_rate_check" CHECK (("missions"."waiting_quarter_price" is null) = ("missions"."waiting_franchise_minutes" is null) and ("missions"."waiting_quarter_price" is null or ("missions"."waiting_quarter_price" > 0 and "missions"."waiting_quarter_price" <= 100 and "missions"."waiting_franchise_minutes" between 0 and 240 and "missions"."engagement_type" = 'independent' and "missions"."pricing_type" = 'flat')));--> statement-breakpoint
ALTER TABLE "driver_payments" ADD CONSTRAINT "driver_payments_waiting_check" CHECK ("driver_payments"."waiting_quarters" >= 0 and "driver_payments"."waiting_amount" = "driver_payments"."waiting_quarters" * coalesce("driver_payments"."waiting_quarter_price", 0) and "driver_payments"."waiting_amount" <= "driver_payments"."amount_excl_tax");