ALTER TABLE "sounds" ADD COLUMN "loudness_lufs" double precision;--> statement-breakpoint
ALTER TABLE "sounds" ADD COLUMN "peak_dbtp" double precision;--> statement-breakpoint
ALTER TABLE "spots" ADD COLUMN "loudness_lufs" double precision;--> statement-breakpoint
ALTER TABLE "spots" ADD COLUMN "peak_dbtp" double precision;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "loudness_lufs" double precision;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "peak_dbtp" double precision;