CREATE TABLE "mission_occurrences" (
	"template_id" uuid NOT NULL,
	"due" date NOT NULL,
	"mission_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_occurrences_template_id_due_pk" PRIMARY KEY("template_id","due")
);
--> statement-breakpoint
CREATE TABLE "mission_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"mission" jsonb NOT NULL,
	"title" text NOT NULL,
	"weekdays" integer[] NOT NULL,
	"first_day" date NOT NULL,
	"until" date,
	"occurrence_count" integer,
	"counted_before" integer DEFAULT 0 NOT NULL,
	"lead_days" integer NOT NULL,
	"holidays" text NOT NULL,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_templates_holidays_check" CHECK ("mission_templates"."holidays" in ('skip', 'next_working_day')),
	CONSTRAINT "mission_templates_lead_days_check" CHECK ("mission_templates"."lead_days" between 1 and 30),
	CONSTRAINT "mission_templates_count_check" CHECK ("mission_templates"."occurrence_count" is null or "mission_templates"."occurrence_count" between 1 and 200),
	CONSTRAINT "mission_templates_weekdays_check" CHECK (cardinality("mission_templates"."weekdays") between 1 and 7 and "mission_templates"."weekdays" <@ array[1,2,3,4,5,6,7])
);
--> statement-breakpoint
ALTER TABLE "mission_occurrences" ADD CONSTRAINT "mission_occurrences_template_id_mission_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."mission_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_occurrences" ADD CONSTRAINT "mission_occurrences_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_templates" ADD CONSTRAINT "mission_templates_company_id_users_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_occurrences_mission_idx" ON "mission_occurrences" USING btree ("mission_id");--> statement-breakpoint
CREATE INDEX "mission_templates_company_idx" ON "mission_templates" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "mission_templates_running_idx" ON "mission_templates" USING btree ("id") WHERE "mission_templates"."stopped_at" is null;