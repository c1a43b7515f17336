CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"alert_types" text[] NOT NULL,
	"push_types" text[] NOT NULL,
	"email_types" text[] NOT NULL,
	"zone_radius_km" integer DEFAULT 100 NOT NULL,
	"last_email_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_ids" uuid[] NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_presence" (
	"instance_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sockets" integer NOT NULL,
	CONSTRAINT "realtime_presence_instance_id_user_id_pk" PRIMARY KEY("instance_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_presence" ADD CONSTRAINT "realtime_presence_instance_id_realtime_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."realtime_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_presence" ADD CONSTRAINT "realtime_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realtime_events_created_idx" ON "realtime_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "realtime_presence_user_idx" ON "realtime_presence" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alerts_to_email_idx" ON "alerts" USING btree ("created_at") WHERE "alerts"."emailed_at" is null and "alerts"."read" = false;