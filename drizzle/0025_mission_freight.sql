DROP INDEX "missions_open_idx";--> statement-breakpoint
DROP INDEX "missions_open_public_idx";--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "loading_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "loading_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "delivery_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "delivery_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "temperature_c" smallint;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "adr_class" text;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "un_number" text;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "requires_atp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "requires_tail_lift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "missions_open_idx" ON "missions" USING gist ("pickup_point","vehicle_type","urgency","start_date","requires_atp","requires_tail_lift","adr_class","temperature_c") WHERE "missions"."status" = 'available' and "missions"."sandbox_id" is null;--> statement-breakpoint
CREATE INDEX "missions_open_public_idx" ON "missions" USING gist ("pickup_point_public","vehicle_type","urgency","start_date","requires_atp","requires_tail_lift","adr_class","temperature_c") WHERE "missions"."status" = 'available' and "missions"."sandbox_id" is null;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_loading_slot_check" CHECK (("missions"."loading_start" is null) = ("missions"."loading_end" is null) and ("missions"."loading_start" is null or ("missions"."loading_end" > "missions"."loading_start" and "missions"."loading_start" >= "missions"."start_date" and "missions"."loading_end" <= "missions"."end_date")));--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_delivery_slot_check" CHECK (("missions"."delivery_start" is null) = ("missions"."delivery_end" is null) and ("missions"."delivery_start" is null or ("missions"."delivery_end" > "missions"."delivery_start" and "missions"."delivery_start" >= "missions"."start_date" and "missions"."delivery_end" <= "missions"."end_date" and ("missions"."loading_start" is null or "missions"."delivery_start" >= "missions"."loading_start"))));--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_temperature_check" CHECK ("missions"."temperature_c" is null or ("missions"."temperature_c" between -30 and 30 and "missions"."requires_atp"));--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_adr_check" CHECK (("missions"."adr_class" is null) = ("missions"."un_number" is null) and ("missions"."adr_class" is null or ("missions"."adr_class" in ('1', '2', '3', '4.1', '4.2', '4.3', '5.1', '5.2', '6.1', '6.2', '7', '8', '9') and "missions"."un_number" ~ '^[0-9]{4}$' and "missions"."un_number" <> '0000')));