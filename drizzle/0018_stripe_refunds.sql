-- What Relais gave back on the card of a mission's payment: the collected total of a mission (what a payout may
-- send) is the sum of its payments less their refunds.
ALTER TABLE "stripe_payments" ADD COLUMN "refunded_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Refunds made before this column (a deposit above the final amount) were recorded as the transporter's 'refund'
-- transactions only: carried over to the mission's first succeeded deposit.
UPDATE "stripe_payments" AS p SET "refunded_amount" = least(p."amount", r."total")
FROM (
  SELECT t."mission_id", sum(t."amount") AS "total" FROM "transactions" t
  WHERE t."category" = 'refund' AND t."mission_id" IS NOT NULL GROUP BY t."mission_id"
) AS r
WHERE p."id" = (
  SELECT d."id" FROM "stripe_payments" d
  WHERE d."mission_id" = r."mission_id" AND d."kind" = 'deposit' AND d."status" = 'succeeded'
  ORDER BY d."created_at", d."id" LIMIT 1
);--> statement-breakpoint
ALTER TABLE "stripe_payments" ADD CONSTRAINT "stripe_payments_refunded_check" CHECK ("stripe_payments"."refunded_amount" between 0 and "stripe_payments"."amount");
