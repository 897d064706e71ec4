CREATE TABLE "play_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"player_id" integer,
	"report_id" text NOT NULL,
	"type" text NOT NULL,
	"item_id" integer NOT NULL,
	"name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seconds" double precision NOT NULL,
	"ended" boolean NOT NULL,
	"session_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "play_reports" ADD CONSTRAINT "play_reports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_reports" ADD CONSTRAINT "play_reports_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "play_reports_report_unique" ON "play_reports" USING btree ("customer_id","report_id");--> statement-breakpoint
CREATE INDEX "play_reports_customer_started_index" ON "play_reports" USING btree ("customer_id","started_at");