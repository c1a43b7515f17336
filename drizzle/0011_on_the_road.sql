CREATE TABLE "delivery_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"driver_id" uuid,
	"recipient_name" text NOT NULL,
	"signature_key" text NOT NULL,
	"photo_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"accuracy" numeric(8, 2),
	"signed_at" timestamp with time zone NOT NULL,
	"note" text,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_proofs_missionId_unique" UNIQUE("mission_id")
);
--> statement-breakpoint
CREATE TABLE "mission_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"reporter_id" uuid,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"note" text,
	"photo_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_incidents_type_check" CHECK ("mission_incidents"."type" in ('delay', 'breakdown', 'accident', 'damage', 'dock_wait'))
);
--> statement-breakpoint
CREATE TABLE "mission_tracking" (
	"mission_id" uuid PRIMARY KEY NOT NULL,
	"driver_id" uuid,
	"paused_at" timestamp with time zone,
	"last_position_at" timestamp with time zone,
	"summary" jsonb,
	"purged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_id" uuid,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_status_check" CHECK ("review_reports"."status" in ('open', 'dismissed', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "tracking_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"viewer_id" uuid,
	"viewer_role" text NOT NULL,
	"first_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"views" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiting_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"place" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"started_by" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_periods_place_check" CHECK ("waiting_periods"."place" in ('pickup', 'delivery')),
	CONSTRAINT "waiting_periods_order_check" CHECK ("waiting_periods"."ended_at" is null or "waiting_periods"."ended_at" >= "waiting_periods"."started_at")
);
--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "awarded_by" uuid;--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "gps_positions" ADD COLUMN "client_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "gps_positions" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_proofs" ADD CONSTRAINT "delivery_proofs_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_proofs" ADD CONSTRAINT "delivery_proofs_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_proofs" ADD CONSTRAINT "delivery_proofs_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_incidents" ADD CONSTRAINT "mission_incidents_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_incidents" ADD CONSTRAINT "mission_incidents_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_tracking" ADD CONSTRAINT "mission_tracking_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_tracking" ADD CONSTRAINT "mission_tracking_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_views" ADD CONSTRAINT "tracking_views_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_views" ADD CONSTRAINT "tracking_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_periods" ADD CONSTRAINT "waiting_periods_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_periods" ADD CONSTRAINT "waiting_periods_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_incidents_mission_idx" ON "mission_incidents" USING btree ("mission_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review_reporter_key" ON "review_reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE INDEX "review_reports_status_idx" ON "review_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tracking_views_mission_idx" ON "tracking_views" USING btree ("mission_id","last_viewed_at");--> statement-breakpoint
CREATE INDEX "waiting_periods_mission_idx" ON "waiting_periods" USING btree ("mission_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_periods_open_key" ON "waiting_periods" USING btree ("mission_id") WHERE "waiting_periods"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_awarded_by_users_id_fk" FOREIGN KEY ("awarded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gps_positions_mission_client_key" ON "gps_positions" USING btree ("mission_id","client_id");--> statement-breakpoint
CREATE INDEX "reviews_unpublished_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."published_at" is null;--> statement-breakpoint
-- The new "reputation" alert type (reviews and badges): whoever receives mission alerts receives these the same way.
UPDATE "notification_preferences" SET "alert_types" = array_append("alert_types", 'reputation') WHERE 'mission' = ANY("alert_types") AND NOT 'reputation' = ANY("alert_types");--> statement-breakpoint
UPDATE "notification_preferences" SET "push_types" = array_append("push_types", 'reputation') WHERE 'mission' = ANY("push_types") AND NOT 'reputation' = ANY("push_types");--> statement-breakpoint
UPDATE "notification_preferences" SET "email_types" = array_append("email_types", 'reputation') WHERE 'mission' = ANY("email_types") AND NOT 'reputation' = ANY("email_types");
