CREATE TABLE "device_names" (
	"customer_id" integer NOT NULL,
	"device_key" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_names_customer_id_device_key_pk" PRIMARY KEY("customer_id","device_key")
);
--> statement-breakpoint
ALTER TABLE "play_reports" ADD COLUMN "device_key" text;--> statement-breakpoint
ALTER TABLE "play_reports" ADD COLUMN "device_label" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_key" text;--> statement-breakpoint
ALTER TABLE "device_names" ADD CONSTRAINT "device_names_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;