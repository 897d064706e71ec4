CREATE TABLE "content_syncs" (
	"name" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"topic_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"tutorial_item_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faq_items_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "faq_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faq_topics_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "tutorial_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"topic_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"video_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutorial_items_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "tutorial_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutorial_topics_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "tutorial_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_path" text NOT NULL,
	"poster_path" text,
	"duration" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutorial_videos_file_path_unique" UNIQUE("file_path")
);
--> statement-breakpoint
ALTER TABLE "faq_items" ADD CONSTRAINT "faq_items_topic_id_faq_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."faq_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_items" ADD CONSTRAINT "faq_items_tutorial_item_id_tutorial_items_id_fk" FOREIGN KEY ("tutorial_item_id") REFERENCES "public"."tutorial_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutorial_items" ADD CONSTRAINT "tutorial_items_topic_id_tutorial_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."tutorial_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutorial_items" ADD CONSTRAINT "tutorial_items_video_id_tutorial_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."tutorial_videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faq_items_topic_position_index" ON "faq_items" USING btree ("topic_id","position");--> statement-breakpoint
CREATE INDEX "faq_items_tutorial_item_id_index" ON "faq_items" USING btree ("tutorial_item_id");--> statement-breakpoint
CREATE INDEX "tutorial_items_topic_position_index" ON "tutorial_items" USING btree ("topic_id","position");--> statement-breakpoint
CREATE INDEX "tutorial_items_video_id_index" ON "tutorial_items" USING btree ("video_id");--> statement-breakpoint
-- Every shop has the settings `logo` (no file: the default logo) and `timezone` (its customers.timezone).
INSERT INTO "settings" ("customer_id", "key", "value", "file_path") SELECT "id", 'logo', NULL, NULL FROM "customers" ON CONFLICT ("customer_id", "key") DO NOTHING;--> statement-breakpoint
INSERT INTO "settings" ("customer_id", "key", "value", "file_path") SELECT "id", 'timezone', "timezone", NULL FROM "customers" ON CONFLICT ("customer_id", "key") DO NOTHING;
