ALTER TABLE "players" ADD COLUMN "output_state" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "output_since" timestamp with time zone;