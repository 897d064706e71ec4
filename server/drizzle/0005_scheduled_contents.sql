CREATE TABLE "scheduled_content_screens" (
	"scheduled_content_id" integer NOT NULL,
	"screen_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "scheduled_content_screens_scheduled_content_id_screen_id_pk" PRIMARY KEY("scheduled_content_id","screen_id")
);
--> statement-breakpoint
CREATE TABLE "scheduled_content_slideshows" (
	"scheduled_content_id" integer NOT NULL,
	"slideshow_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "scheduled_content_slideshows_scheduled_content_id_slideshow_id_pk" PRIMARY KEY("scheduled_content_id","slideshow_id")
);
--> statement-breakpoint
CREATE TABLE "scheduled_content_spots" (
	"scheduled_content_id" integer NOT NULL,
	"spot_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "scheduled_content_spots_scheduled_content_id_spot_id_pk" PRIMARY KEY("scheduled_content_id","spot_id")
);
--> statement-breakpoint
CREATE TABLE "scheduled_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"frequency" text DEFAULT 'everyMinute' NOT NULL,
	"date_from" date,
	"date_to" date,
	"between_from" text,
	"between_to" text,
	"unless_between_from" text,
	"unless_between_to" text,
	"monday" boolean DEFAULT true NOT NULL,
	"tuesday" boolean DEFAULT true NOT NULL,
	"wednesday" boolean DEFAULT true NOT NULL,
	"thursday" boolean DEFAULT true NOT NULL,
	"friday" boolean DEFAULT true NOT NULL,
	"saturday" boolean DEFAULT true NOT NULL,
	"sunday" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduler_fires" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"scheduled_content_id" integer,
	"minute" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"spot_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slideshow_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"screen_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"instance" text NOT NULL,
	"fired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduled_content_screens" ADD CONSTRAINT "scheduled_content_screens_scheduled_content_id_scheduled_contents_id_fk" FOREIGN KEY ("scheduled_content_id") REFERENCES "public"."scheduled_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_content_screens" ADD CONSTRAINT "scheduled_content_screens_screen_id_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_content_slideshows" ADD CONSTRAINT "scheduled_content_slideshows_scheduled_content_id_scheduled_contents_id_fk" FOREIGN KEY ("scheduled_content_id") REFERENCES "public"."scheduled_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_content_slideshows" ADD CONSTRAINT "scheduled_content_slideshows_slideshow_id_slideshows_id_fk" FOREIGN KEY ("slideshow_id") REFERENCES "public"."slideshows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_content_spots" ADD CONSTRAINT "scheduled_content_spots_scheduled_content_id_scheduled_contents_id_fk" FOREIGN KEY ("scheduled_content_id") REFERENCES "public"."scheduled_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_content_spots" ADD CONSTRAINT "scheduled_content_spots_spot_id_spots_id_fk" FOREIGN KEY ("spot_id") REFERENCES "public"."spots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_contents" ADD CONSTRAINT "scheduled_contents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_fires" ADD CONSTRAINT "scheduler_fires_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_fires" ADD CONSTRAINT "scheduler_fires_scheduled_content_id_scheduled_contents_id_fk" FOREIGN KEY ("scheduled_content_id") REFERENCES "public"."scheduled_contents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_content_screens_screen_id_index" ON "scheduled_content_screens" USING btree ("screen_id");--> statement-breakpoint
CREATE INDEX "scheduled_content_slideshows_slideshow_id_index" ON "scheduled_content_slideshows" USING btree ("slideshow_id");--> statement-breakpoint
CREATE INDEX "scheduled_content_spots_spot_id_index" ON "scheduled_content_spots" USING btree ("spot_id");--> statement-breakpoint
CREATE INDEX "scheduled_contents_customer_id_index" ON "scheduled_contents" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduler_fires_claim_unique" ON "scheduler_fires" USING btree ("scheduled_content_id","minute");--> statement-breakpoint
CREATE INDEX "scheduler_fires_customer_minute_index" ON "scheduler_fires" USING btree ("customer_id","minute");