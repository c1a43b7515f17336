CREATE TABLE "declared_driving" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"driver_id" uuid NOT NULL,
	"date" date NOT NULL,
	"driving_minutes" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "declared_driving_minutes_check" CHECK ("declared_driving"."driving_minutes" between 0 and 900)
);
--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "routed_km" integer;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "routed_driving_minutes" integer;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "routed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "declared_driving" ADD CONSTRAINT "declared_driving_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "declared_driving_driver_date_key" ON "declared_driving" USING btree ("driver_id","date");--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_routed_check" CHECK (("missions"."routed_km" is null) = ("missions"."routed_driving_minutes" is null) and ("missions"."routed_km" is null) = ("missions"."routed_at" is null) and ("missions"."routed_km" is null or ("missions"."routed_km" >= 0 and "missions"."routed_driving_minutes" >= 0)));