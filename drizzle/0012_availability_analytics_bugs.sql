CREATE TABLE "analytics_audience" (
	"day" date NOT NULL,
	"page" text NOT NULL,
	"device_type" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_audience_day_page_device_type_pk" PRIMARY KEY("day","page","device_type")
);
--> statement-breakpoint
CREATE TABLE "driver_calendars" (
	"driver_id" uuid PRIMARY KEY NOT NULL,
	"visible_to_transporters" boolean DEFAULT false NOT NULL,
	"ics_token_hash" text,
	"ics_created_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_calendars_icsTokenHash_unique" UNIQUE("ics_token_hash")
);
--> statement-breakpoint
ALTER TABLE "bug_reports" ADD COLUMN "screenshot_key" text;--> statement-breakpoint
ALTER TABLE "bug_reports" ADD COLUMN "public_answer" text;--> statement-breakpoint
ALTER TABLE "bug_reports" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_visits" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "availability" ADD COLUMN "start_time" text;--> statement-breakpoint
ALTER TABLE "availability" ADD COLUMN "end_time" text;--> statement-breakpoint
ALTER TABLE "availability" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_calendars" ADD CONSTRAINT "driver_calendars_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_date_status_idx" ON "availability" USING btree ("date","status");--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_hours_check" CHECK (("availability"."start_time" is null and "availability"."end_time" is null) or ("availability"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "availability"."end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "availability"."start_time" < "availability"."end_time"));;--> statement-breakpoint
-- The new "support" alert type (answers to bug reports): on for everyone, in the app, pushed and by e-mail.
UPDATE "notification_preferences" SET "alert_types" = array_append("alert_types", 'support') WHERE NOT 'support' = ANY("alert_types");--> statement-breakpoint
UPDATE "notification_preferences" SET "push_types" = array_append("push_types", 'support') WHERE NOT 'support' = ANY("push_types");--> statement-breakpoint
UPDATE "notification_preferences" SET "email_types" = array_append("email_types", 'support') WHERE NOT 'support' = ANY("email_types");
