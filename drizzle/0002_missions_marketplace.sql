CREATE TABLE "mission_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"actor_id" uuid,
	"type" text NOT NULL,
	"status" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mission_applications" ADD COLUMN "rejected_on_assignment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "pickup_city" text;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "delivery_city" text;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "pickup_point" "cube" GENERATED ALWAYS AS (ll_to_earth(pickup_lat::float8, pickup_lng::float8)) STORED;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "engagement_type" text DEFAULT 'employment' NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "mission_events" ADD CONSTRAINT "mission_events_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_events" ADD CONSTRAINT "mission_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_events_mission_idx" ON "mission_events" USING btree ("mission_id","created_at");--> statement-breakpoint
CREATE INDEX "missions_pickup_point_idx" ON "missions" USING gist ("pickup_point") WHERE "missions"."status" = 'available';--> statement-breakpoint
CREATE INDEX "missions_search_text_idx" ON "missions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_engagement_type_check" CHECK ("missions"."engagement_type" in ('employment', 'independent'));