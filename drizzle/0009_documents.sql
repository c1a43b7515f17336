CREATE TABLE "document_accesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid,
	"document_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"viewer_id" uuid,
	"viewer_role" text NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_reminders" (
	"document_id" uuid NOT NULL,
	"stage" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_reminders_document_id_stage_pk" PRIMARY KEY("document_id","stage")
);
--> statement-breakpoint
CREATE TABLE "document_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"user_id" uuid,
	"role" text NOT NULL,
	"typed_name" text NOT NULL,
	"consent" text NOT NULL,
	"ip_address" text,
	"sha256" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_status_check";--> statement-breakpoint
DROP INDEX "driver_applications_user_idx";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "issued_at" date;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "mime_type" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "size_bytes" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "waived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_accesses" ADD CONSTRAINT "document_accesses_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_accesses" ADD CONSTRAINT "document_accesses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_accesses" ADD CONSTRAINT "document_accesses_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_reminders" ADD CONSTRAINT "document_reminders_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_accesses_owner_idx" ON "document_accesses" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_signatures_document_role_key" ON "document_signatures" USING btree ("document_id","role");--> statement-breakpoint
CREATE INDEX "documents_mission_idx" ON "documents" USING btree ("mission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_engagement_mission_key" ON "documents" USING btree ("mission_id") WHERE type = 'engagement';--> statement-breakpoint
CREATE UNIQUE INDEX "driver_applications_user_key" ON "driver_applications" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_status_check" CHECK ("documents"."status" in ('pending', 'verified', 'rejected', 'replaced'));