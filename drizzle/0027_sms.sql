CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"segments" integer DEFAULT 1 NOT NULL,
	"provider_message_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_messages_kind_check" CHECK ("sms_messages"."kind" in ('incident', 'mission_starting', 'urgent_mission', 'direct_offer')),
	CONSTRAINT "sms_messages_status_check" CHECK ("sms_messages"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sms_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"quiet_start" smallint DEFAULT 21 NOT NULL,
	"quiet_end" smallint DEFAULT 7 NOT NULL,
	"daily_cap" smallint DEFAULT 5 NOT NULL,
	"stopped_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_preferences_hours_check" CHECK ("sms_preferences"."quiet_start" between 0 and 23 and "sms_preferences"."quiet_end" between 0 and 23),
	CONSTRAINT "sms_preferences_cap_check" CHECK ("sms_preferences"."daily_cap" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_preferences" ADD CONSTRAINT "sms_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_user_key" ON "sms_messages" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "sms_messages_user_created_idx" ON "sms_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_created_idx" ON "sms_messages" USING btree ("created_at");