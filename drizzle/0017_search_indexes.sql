-- The search's indexes (decision 027): the filters a driver sets most (vehicle, urgency, start) are checked inside
-- the nearest-first index, and only open missions of the real world are in it.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
DROP INDEX IF EXISTS "missions_pickup_point_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "missions_pickup_point_public_idx";--> statement-breakpoint
CREATE INDEX "missions_open_idx" ON "missions" USING gist ("pickup_point","vehicle_type","urgency","start_date") WHERE "missions"."status" = 'available' and "missions"."sandbox_id" is null;--> statement-breakpoint
CREATE INDEX "missions_open_public_idx" ON "missions" USING gist ("pickup_point_public","vehicle_type","urgency","start_date") WHERE "missions"."status" = 'available' and "missions"."sandbox_id" is null;
