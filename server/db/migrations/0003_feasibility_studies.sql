CREATE TABLE "feasibility_studies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"model_version" text NOT NULL,
	"preset_id" text NOT NULL,
	"preset_name" text NOT NULL,
	"weather_source" jsonb NOT NULL,
	"weather_used" jsonb NOT NULL,
	"weather_hash" text NOT NULL,
	"system" jsonb NOT NULL,
	"sizing" jsonb,
	"assumptions" jsonb NOT NULL,
	"energy" jsonb NOT NULL,
	"finance" jsonb NOT NULL,
	"uncertainty" jsonb NOT NULL,
	"headline" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plot_maps" (
	"study_id" uuid PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_weather" (
	"hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feasibility_studies" ADD CONSTRAINT "feasibility_studies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feasibility_studies" ADD CONSTRAINT "feasibility_studies_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feasibility_studies" ADD CONSTRAINT "feasibility_studies_weather_hash_study_weather_hash_fk" FOREIGN KEY ("weather_hash") REFERENCES "public"."study_weather"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_maps" ADD CONSTRAINT "plot_maps_study_id_feasibility_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."feasibility_studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feasibility_studies_project_idx" ON "feasibility_studies" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "feasibility_studies_owner_idx" ON "feasibility_studies" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "feasibility_studies_weather_idx" ON "feasibility_studies" USING btree ("weather_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "feasibility_studies_one_primary_key" ON "feasibility_studies" USING btree ("project_id") WHERE "feasibility_studies"."is_primary";