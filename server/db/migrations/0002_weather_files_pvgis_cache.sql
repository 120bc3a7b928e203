CREATE TABLE "pvgis_tmy_cache" (
	"lat_e3" integer NOT NULL,
	"lon_e3" integer NOT NULL,
	"base_url" text NOT NULL,
	"elevation" double precision NOT NULL,
	"annual_ghi_kwh_m2" double precision NOT NULL,
	"attribution" text NOT NULL,
	"content" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pvgis_tmy_cache_lat_e3_lon_e3_pk" PRIMARY KEY("lat_e3","lon_e3")
);
--> statement-breakpoint
CREATE TABLE "weather_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"format" text NOT NULL,
	"site_name" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"elevation" double precision NOT NULL,
	"utc_offset_hours" double precision NOT NULL,
	"annual_ghi_kwh_m2" double precision NOT NULL,
	"components" text NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attribution" text,
	"byte_size" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "weather_files" ADD CONSTRAINT "weather_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weather_files_owner_created_idx" ON "weather_files" USING btree ("owner_id","created_at");