ALTER TABLE "player_commands" ADD COLUMN "login" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "player_commands" ADD COLUMN "request_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "player_commands" DROP CONSTRAINT "player_commands_player_id_key_pk";--> statement-breakpoint
ALTER TABLE "player_commands" ADD CONSTRAINT "player_commands_player_id_login_key_pk" PRIMARY KEY("player_id","login","key");
