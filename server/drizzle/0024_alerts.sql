CREATE TABLE "alert_causes" (
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_causes_customer_id_kind_pk" PRIMARY KEY("customer_id","kind")
);
--> statement-breakpoint
CREATE TABLE "alert_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"alert_id" bigint,
	"channel" text NOT NULL,
	"key" text NOT NULL,
	"recipient" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"kinds" jsonb NOT NULL,
	"delay" integer DEFAULT 3 NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_ticks" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"instance" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"item_id" integer,
	"local_date" text,
	"minutes" jsonb,
	"recovers_id" bigint,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_causes" ADD CONSTRAINT "alert_causes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD CONSTRAINT "alert_outbox_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_outbox_key_unique" ON "alert_outbox" USING btree ("key");--> statement-breakpoint
CREATE INDEX "alert_outbox_due_index" ON "alert_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "alerts_customer_id_index" ON "alerts" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_unique" ON "alerts" USING btree ("customer_id","kind") WHERE "alerts"."closed_at" IS NULL AND "alerts"."kind" IN ('offline', 'blocked', 'stalled', 'paused');--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_spot_missed_unique" ON "alerts" USING btree ("customer_id","item_id","local_date") WHERE "alerts"."kind" = 'spot_missed';--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_recovers_unique" ON "alerts" USING btree ("recovers_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_customer_index" ON "push_subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_index" ON "push_subscriptions" USING btree ("customer_id","session_id");