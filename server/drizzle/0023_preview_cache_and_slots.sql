CREATE TABLE "preview_slots" (
	"customer_id" integer NOT NULL,
	"slot" integer NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "preview_slots_customer_id_slot_pk" PRIMARY KEY("customer_id","slot")
);
--> statement-breakpoint
CREATE TABLE "schedule_versions" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"bumped_by" text
);
--> statement-breakpoint
ALTER TABLE "preview_slots" ADD CONSTRAINT "preview_slots_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The shop's schedule version (schedule_versions): raised once per transaction that writes what the
-- schedule preview shows, at its commit (deferred, so the raise is the last lock a transaction takes
-- and adds no lock-order of its own), by whoever writes: routes, cascades, the seed.
CREATE FUNCTION "pulzus_bump_schedule_version"(cid integer) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF cid IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO "schedule_versions" AS v ("customer_id", "version", "bumped_by")
    VALUES (cid, 1, txid_current()::text)
    ON CONFLICT ("customer_id") DO UPDATE SET "version" = v."version" + 1, "bumped_by" = excluded."bumped_by"
    WHERE v."bumped_by" IS DISTINCT FROM excluded."bumped_by";
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "pulzus_schedule_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "pulzus_bump_schedule_version"(OLD."customer_id");
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "pulzus_bump_schedule_version"(NEW."customer_id");
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- The link tables carry no customer: the item's (an item deleted meanwhile raised its own).
CREATE FUNCTION "pulzus_schedule_link_changed"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "pulzus_bump_schedule_version"(
      (SELECT "customer_id" FROM "scheduled_contents" WHERE "id" = OLD."scheduled_content_id"));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "pulzus_bump_schedule_version"(
      (SELECT "customer_id" FROM "scheduled_contents" WHERE "id" = NEW."scheduled_content_id"));
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "scheduled_contents_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "scheduled_contents" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "pulzus_schedule_row_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "scheduled_content_spots_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "scheduled_content_spots" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "pulzus_schedule_link_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "scheduled_content_slideshows_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "scheduled_content_slideshows" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "pulzus_schedule_link_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "scheduled_content_screens_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "scheduled_content_screens" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "pulzus_schedule_link_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "music_plans_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "music_plans" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "pulzus_schedule_row_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "music_plan_blocks_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "music_plan_blocks" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "pulzus_schedule_row_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "opening_hours_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "opening_hours" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "pulzus_schedule_row_changed"();--> statement-breakpoint
-- Spots, slideshows and playlists: only what the preview shows of them (a spot's loudness measured
-- in the background changes nothing there); a delete also unlinks them (the link tables raise too).
CREATE CONSTRAINT TRIGGER "spots_schedule_version" AFTER UPDATE ON "spots" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."duration" IS DISTINCT FROM NEW."duration") EXECUTE FUNCTION "pulzus_schedule_row_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "spots_schedule_version_delete" AFTER DELETE ON "spots" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "pulzus_schedule_row_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "slideshows_schedule_version" AFTER UPDATE ON "slideshows" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "pulzus_schedule_row_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "slideshows_schedule_version_delete" AFTER DELETE ON "slideshows" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "pulzus_schedule_row_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "playlists_schedule_version" AFTER UPDATE ON "playlists" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "pulzus_schedule_row_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "playlists_schedule_version_delete" AFTER DELETE ON "playlists" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "pulzus_schedule_row_changed"();
