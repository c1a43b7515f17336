-- Unread message alerts of one conversation left by earlier concurrent sends: the newest stays unread.
UPDATE "alerts" AS a SET "read" = true
WHERE a."type" = 'message' AND a."read" = false AND EXISTS (
  SELECT 1 FROM "alerts" AS b
  WHERE b."user_id" = a."user_id" AND b."type" = 'message' AND b."read" = false
    AND b."metadata"->>'conversationId' = a."metadata"->>'conversationId'
    AND (b."created_at", b."id") > (a."created_at", a."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_message_burst_idx" ON "alerts" USING btree ("user_id",("metadata"->>'conversationId')) WHERE "alerts"."type" = 'message' and "alerts"."read" = false;