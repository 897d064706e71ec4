CREATE TABLE "player_commands" (
	"player_id" integer NOT NULL,
	"key" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_commands_player_id_key_pk" PRIMARY KEY("player_id","key")
);
--> statement-breakpoint
ALTER TABLE "player_commands" ADD CONSTRAINT "player_commands_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_commands_created_at_index" ON "player_commands" USING btree ("created_at");