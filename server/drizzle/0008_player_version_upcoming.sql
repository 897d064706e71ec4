ALTER TABLE "players" ADD COLUMN "upcoming" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;