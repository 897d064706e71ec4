-- The login and reset-mail limits keep the times of their hits (a sliding window) instead of a
-- count per fixed window. A counter still running keeps its hits, as if made now: a lock under way
-- stays locked (at most one window longer) rather than being lifted by the update.
ALTER TABLE "rate_limits" ADD COLUMN "hits_at" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL;--> statement-breakpoint
UPDATE "rate_limits" SET "hits_at" = array_fill(now(), ARRAY["hits"]) WHERE "reset_at" > now() AND "hits" > 0;
