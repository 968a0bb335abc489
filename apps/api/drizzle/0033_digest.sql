CREATE TABLE "digest_preferences" (
	"user_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"enabled" boolean NOT NULL,
	"weekday" integer NOT NULL,
	"hour" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_preferences_user_id_brand_id_pk" PRIMARY KEY("user_id","brand_id"),
	CONSTRAINT "digest_preferences_weekday_check" CHECK ("digest_preferences"."weekday" between 1 and 7),
	CONSTRAINT "digest_preferences_hour_check" CHECK ("digest_preferences"."hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "digest_sends" (
	"user_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"week" date NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_sends_user_id_brand_id_week_pk" PRIMARY KEY("user_id","brand_id","week"),
	CONSTRAINT "digest_sends_kind_check" CHECK ("kind" in ('digest', 'nothing-new', 'silent'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "digest_preferences" ADD CONSTRAINT "digest_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_preferences" ADD CONSTRAINT "digest_preferences_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_sends" ADD CONSTRAINT "digest_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_sends" ADD CONSTRAINT "digest_sends_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digest_preferences_brand_id_idx" ON "digest_preferences" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "digest_sends_brand_id_idx" ON "digest_sends" USING btree ("brand_id");