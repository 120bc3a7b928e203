CREATE TABLE "parcels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"apn" text NOT NULL,
	"apn_key" text NOT NULL,
	"geometry" jsonb NOT NULL,
	"min_lng" double precision NOT NULL,
	"min_lat" double precision NOT NULL,
	"max_lng" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"area_m2" double precision NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"land_use" text DEFAULT '' NOT NULL,
	"owner_name" text DEFAULT '' NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text NOT NULL,
	"source_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcels_owner_apn_key" UNIQUE NULLS NOT DISTINCT("owner_id","apn_key")
);
--> statement-breakpoint
CREATE TABLE "project_parcels" (
	"project_id" uuid NOT NULL,
	"parcel_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_parcels_project_id_parcel_id_pk" PRIMARY KEY("project_id","parcel_id")
);
--> statement-breakpoint
CREATE TABLE "screening_layers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"source_date" date,
	"features" jsonb NOT NULL,
	"feature_count" integer NOT NULL,
	"min_lng" double precision NOT NULL,
	"min_lat" double precision NOT NULL,
	"max_lng" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings_presets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"based_on" text,
	"assumptions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "status" text DEFAULT 'prospecting' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "boundary" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "boundary_area_m2" double precision;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_parcels" ADD CONSTRAINT "project_parcels_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_parcels" ADD CONSTRAINT "project_parcels_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_layers" ADD CONSTRAINT "screening_layers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings_presets" ADD CONSTRAINT "settings_presets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings_presets" ADD CONSTRAINT "settings_presets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcels_apn_key_idx" ON "parcels" USING btree ("apn_key");--> statement-breakpoint
CREATE INDEX "parcels_bbox_idx" ON "parcels" USING btree ("min_lng","max_lng","min_lat","max_lat");--> statement-breakpoint
CREATE INDEX "project_parcels_parcel_idx" ON "project_parcels" USING btree ("parcel_id");--> statement-breakpoint
CREATE INDEX "screening_layers_kind_idx" ON "screening_layers" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "settings_presets_owner_used_idx" ON "settings_presets" USING btree ("owner_id","last_used_at");--> statement-breakpoint
CREATE INDEX "settings_presets_project_idx" ON "settings_presets" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "projects_owner_created_idx" ON "projects" USING btree ("owner_id","created_at");