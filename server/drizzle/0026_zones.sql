-- Zones (issue 43): every shop gets one zone, 'Üzlettér', holding its player (a shop without one
-- gets its player here) and its music plan. Nothing of the player, the plan or the log is
-- renumbered: the rows keep their ids and only learn their zone.
-- The schedule-version triggers fire at once here: a table with pending deferred trigger events
-- cannot be altered in the same transaction.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "zones_customer_position_index" ON "zones" USING btree ("customer_id","position");--> statement-breakpoint
INSERT INTO "players" ("customer_id") SELECT c."id" FROM "customers" c WHERE NOT EXISTS (SELECT 1 FROM "players" p WHERE p."customer_id" = c."id") ORDER BY c."id";--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "zone_id" integer;--> statement-breakpoint
-- One zone per player: a shop's first player (by id) is 'Üzlettér'; a shop that somehow had more
-- keeps each of them, in zones of their own ('Üzlettér 2', …).
INSERT INTO "zones" ("customer_id", "name", "position")
SELECT "customer_id", CASE WHEN rn = 1 THEN 'Üzlettér' ELSE 'Üzlettér ' || rn END, rn - 1
FROM (SELECT "id", "customer_id", row_number() OVER (PARTITION BY "customer_id" ORDER BY "id") AS rn FROM "players") ranked
ORDER BY "customer_id", rn;--> statement-breakpoint
UPDATE "players" p SET "zone_id" = z."id"
FROM (SELECT "id", "customer_id", row_number() OVER (PARTITION BY "customer_id" ORDER BY "id") - 1 AS pos FROM "players") ranked,
  "zones" z
WHERE ranked."id" = p."id" AND z."customer_id" = ranked."customer_id" AND z."position" = ranked.pos;--> statement-breakpoint
ALTER TABLE "players" ALTER COLUMN "zone_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "players_zone_id_unique" ON "players" USING btree ("zone_id");--> statement-breakpoint
-- The music plan, its blocks and its applied boundaries move to the shop's first zone.
ALTER TABLE "music_plans" ADD COLUMN "zone_id" integer;--> statement-breakpoint
UPDATE "music_plans" mp SET "zone_id" = z."id" FROM "zones" z WHERE z."customer_id" = mp."customer_id" AND z."position" = 0;--> statement-breakpoint
ALTER TABLE "music_plans" DROP CONSTRAINT "music_plans_pkey";--> statement-breakpoint
ALTER TABLE "music_plans" ALTER COLUMN "zone_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "music_plans" ADD CONSTRAINT "music_plans_pkey" PRIMARY KEY ("zone_id");--> statement-breakpoint
ALTER TABLE "music_plans" ADD CONSTRAINT "music_plans_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_plan_blocks" ADD COLUMN "zone_id" integer;--> statement-breakpoint
UPDATE "music_plan_blocks" b SET "zone_id" = z."id" FROM "zones" z WHERE z."customer_id" = b."customer_id" AND z."position" = 0;--> statement-breakpoint
ALTER TABLE "music_plan_blocks" ALTER COLUMN "zone_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "music_plan_blocks" ADD CONSTRAINT "music_plan_blocks_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "music_plan_blocks_zone_id_index" ON "music_plan_blocks" USING btree ("zone_id");--> statement-breakpoint
ALTER TABLE "music_plan_applied" DROP CONSTRAINT "music_plan_applied_customer_id_kind_block_id_local_date_wall_time_pk";--> statement-breakpoint
ALTER TABLE "music_plan_applied" ADD COLUMN "zone_id" integer;--> statement-breakpoint
UPDATE "music_plan_applied" a SET "zone_id" = z."id" FROM "zones" z WHERE z."customer_id" = a."customer_id" AND z."position" = 0;--> statement-breakpoint
ALTER TABLE "music_plan_applied" ALTER COLUMN "zone_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "music_plan_applied" ADD CONSTRAINT "music_plan_applied_zone_id_kind_block_id_local_date_wall_time_pk" PRIMARY KEY("zone_id","kind","block_id","local_date","wall_time");--> statement-breakpoint
ALTER TABLE "music_plan_applied" ADD CONSTRAINT "music_plan_applied_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "music_plan_applied_customer_id_index" ON "music_plan_applied" USING btree ("customer_id");--> statement-breakpoint
-- The log keeps the zone's name as it was when it played.
ALTER TABLE "play_reports" ADD COLUMN "zone_name" text;--> statement-breakpoint
UPDATE "play_reports" r SET "zone_name" = z."name" FROM "players" p JOIN "zones" z ON z."id" = p."zone_id" WHERE p."id" = r."player_id";--> statement-breakpoint
-- Scheduled items: every zone (those added later too) unless they name theirs.
ALTER TABLE "scheduled_contents" ADD COLUMN "all_zones" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "scheduled_content_zones" (
	"scheduled_content_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	CONSTRAINT "scheduled_content_zones_scheduled_content_id_zone_id_pk" PRIMARY KEY("scheduled_content_id","zone_id")
);
--> statement-breakpoint
ALTER TABLE "scheduled_content_zones" ADD CONSTRAINT "scheduled_content_zones_scheduled_content_id_scheduled_contents_id_fk" FOREIGN KEY ("scheduled_content_id") REFERENCES "public"."scheduled_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_content_zones" ADD CONSTRAINT "scheduled_content_zones_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_content_zones_zone_id_index" ON "scheduled_content_zones" USING btree ("zone_id");--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "scheduled_content_zones_schedule_version" AFTER INSERT OR UPDATE OR DELETE ON "scheduled_content_zones" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "pulzus_schedule_link_changed"();
--> statement-breakpoint
-- A new shop, however it is made (the seed, a provider's script, a test), starts with one zone,
-- 'Üzlettér', and its player.
CREATE FUNCTION "pulzus_customer_first_zone"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  zid integer;
BEGIN
  INSERT INTO "zones" ("customer_id", "name", "position") VALUES (NEW."id", 'Üzlettér', 0) RETURNING "id" INTO zid;
  INSERT INTO "players" ("customer_id", "zone_id") VALUES (NEW."id", zid);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "customers_first_zone" AFTER INSERT ON "customers" FOR EACH ROW EXECUTE FUNCTION "pulzus_customer_first_zone"();
--> statement-breakpoint
-- The zone each browser last steered, kept like its name.
CREATE TABLE "device_zones" (
	"customer_id" integer NOT NULL,
	"device_key" text NOT NULL,
	"zone_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_zones_customer_id_device_key_pk" PRIMARY KEY("customer_id","device_key")
);
--> statement-breakpoint
ALTER TABLE "device_zones" ADD CONSTRAINT "device_zones_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_zones" ADD CONSTRAINT "device_zones_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_zones_zone_id_index" ON "device_zones" USING btree ("zone_id");
