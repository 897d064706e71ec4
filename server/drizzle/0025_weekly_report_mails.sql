CREATE TABLE "weekly_report_mails" (
	"customer_id" integer NOT NULL,
	"week" text NOT NULL,
	"instance" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent" integer,
	CONSTRAINT "weekly_report_mails_customer_id_week_pk" PRIMARY KEY("customer_id","week")
);
--> statement-breakpoint
ALTER TABLE "weekly_report_mails" ADD CONSTRAINT "weekly_report_mails_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;