CREATE TABLE "demo_sandboxes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"user_id" uuid NOT NULL,
	"address_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_sandboxes_role_check" CHECK ("demo_sandboxes"."role" in ('driver', 'transporter'))
);
--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "sandbox_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sandbox_id" uuid;--> statement-breakpoint
CREATE INDEX "demo_sandboxes_address_idx" ON "demo_sandboxes" USING btree ("address_key","created_at");--> statement-breakpoint
CREATE INDEX "demo_sandboxes_last_active_idx" ON "demo_sandboxes" USING btree ("last_active_at");--> statement-breakpoint
CREATE INDEX "missions_sandbox_idx" ON "missions" USING btree ("sandbox_id","status") WHERE "missions"."sandbox_id" is not null;--> statement-breakpoint
CREATE INDEX "users_sandbox_idx" ON "users" USING btree ("sandbox_id") WHERE "users"."sandbox_id" is not null;--> statement-breakpoint
-- Accounts the team marked as demo live in the showroom world (platform/demo-world.ts SHOWROOM_WORLD).
UPDATE "users" SET "sandbox_id" = '00000000-0000-0000-0000-0000000000de' WHERE "is_demo";--> statement-breakpoint
UPDATE "missions" m SET "sandbox_id" = u."sandbox_id" FROM "users" u WHERE u."id" = m."company_id" AND u."sandbox_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_demo_world_check" CHECK ("users"."is_demo" = ("users"."sandbox_id" is not null));--> statement-breakpoint
-- Decision 022: rows of one world (real: null; a demo sandbox; the showroom) never meet rows of another. The
-- database refuses any link across the boundary, whichever code writes it (SQLSTATE RL001, answered 404).
CREATE FUNCTION "relais_world_of"(account uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT "sandbox_id" FROM "users" WHERE "id" = account
$$;--> statement-breakpoint
CREATE FUNCTION "relais_same_world"(a uuid, b uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF a IS NOT NULL AND b IS NOT NULL AND "relais_world_of"(a) IS DISTINCT FROM "relais_world_of"(b) THEN
    RAISE EXCEPTION 'demo world boundary' USING ERRCODE = 'RL001';
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "relais_missions_world"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."sandbox_id" := "relais_world_of"(NEW."company_id");
  IF NEW."driver_id" IS NOT NULL AND "relais_world_of"(NEW."driver_id") IS DISTINCT FROM NEW."sandbox_id" THEN
    RAISE EXCEPTION 'demo world boundary' USING ERRCODE = 'RL001';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "missions_world" BEFORE INSERT OR UPDATE OF "company_id", "driver_id", "sandbox_id" ON "missions"
  FOR EACH ROW EXECUTE FUNCTION "relais_missions_world"();--> statement-breakpoint
CREATE FUNCTION "relais_users_world"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "missions" SET "sandbox_id" = NEW."sandbox_id" WHERE "company_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_world" AFTER UPDATE OF "sandbox_id" ON "users"
  FOR EACH ROW WHEN (OLD."sandbox_id" IS DISTINCT FROM NEW."sandbox_id") EXECUTE FUNCTION "relais_users_world"();--> statement-breakpoint
CREATE FUNCTION "relais_applications_world"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT "sandbox_id" FROM "missions" WHERE "id" = NEW."mission_id") IS DISTINCT FROM "relais_world_of"(NEW."driver_id") THEN
    RAISE EXCEPTION 'demo world boundary' USING ERRCODE = 'RL001';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mission_applications_world" BEFORE INSERT OR UPDATE OF "mission_id", "driver_id" ON "mission_applications"
  FOR EACH ROW EXECUTE FUNCTION "relais_applications_world"();--> statement-breakpoint
CREATE FUNCTION "relais_pair_world"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pair jsonb := to_jsonb(NEW);
BEGIN
  PERFORM "relais_same_world"((pair ->> TG_ARGV[0])::uuid, (pair ->> TG_ARGV[1])::uuid);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "conversations_world" BEFORE INSERT ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION "relais_pair_world"('user_one_id', 'user_two_id');--> statement-breakpoint
CREATE TRIGGER "messages_world" BEFORE INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "relais_pair_world"('sender_id', 'receiver_id');--> statement-breakpoint
CREATE TRIGGER "reviews_world" BEFORE INSERT ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "relais_pair_world"('reviewer_id', 'reviewee_id');
