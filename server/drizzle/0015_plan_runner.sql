CREATE TABLE "music_plan_applied" (
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"block_id" integer NOT NULL,
	"local_date" text NOT NULL,
	"wall_time" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"applied" boolean NOT NULL,
	"instance" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "music_plan_applied_customer_id_kind_block_id_local_date_wall_time_pk" PRIMARY KEY("customer_id","kind","block_id","local_date","wall_time")
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "plan_hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "plan_version" bigint;--> statement-breakpoint
ALTER TABLE "music_plan_applied" ADD CONSTRAINT "music_plan_applied_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;