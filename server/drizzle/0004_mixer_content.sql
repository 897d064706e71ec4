CREATE TABLE "screens" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"hash_id" text NOT NULL,
	"slideshow_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screens_hash_id_unique" UNIQUE("hash_id")
);
--> statement-breakpoint
CREATE TABLE "slideshow_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"slideshow_id" integer NOT NULL,
	"name" text NOT NULL,
	"file_path" text NOT NULL,
	"seconds" integer DEFAULT 5 NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slideshows" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sound_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "screens" ADD CONSTRAINT "screens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screens" ADD CONSTRAINT "screens_slideshow_id_slideshows_id_fk" FOREIGN KEY ("slideshow_id") REFERENCES "public"."slideshows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slideshow_images" ADD CONSTRAINT "slideshow_images_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slideshow_images" ADD CONSTRAINT "slideshow_images_slideshow_id_slideshows_id_fk" FOREIGN KEY ("slideshow_id") REFERENCES "public"."slideshows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slideshows" ADD CONSTRAINT "slideshows_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sound_requests" ADD CONSTRAINT "sound_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screens_customer_id_index" ON "screens" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "screens_slideshow_id_index" ON "screens" USING btree ("slideshow_id");--> statement-breakpoint
CREATE INDEX "slideshow_images_slideshow_position_index" ON "slideshow_images" USING btree ("slideshow_id","position");--> statement-breakpoint
CREATE INDEX "slideshow_images_customer_id_index" ON "slideshow_images" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "slideshows_customer_id_index" ON "slideshows" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sound_requests_customer_id_index" ON "sound_requests" USING btree ("customer_id");