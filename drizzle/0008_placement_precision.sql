ALTER TABLE "missions" ADD COLUMN "pickup_precision" text;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "delivery_precision" text;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_pickup_precision_check" CHECK ("missions"."pickup_precision" in ('exact', 'commune', 'approx'));--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_delivery_precision_check" CHECK ("missions"."delivery_precision" in ('exact', 'commune', 'approx'));--> statement-breakpoint
-- Missions placed before precisions were kept: by a point of the old city list or an exact one; said "commune".
UPDATE "missions" SET "pickup_precision" = 'commune' WHERE "pickup_lat" IS NOT NULL;--> statement-breakpoint
UPDATE "missions" SET "delivery_precision" = 'commune' WHERE "delivery_lat" IS NOT NULL;
