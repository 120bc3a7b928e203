CREATE TABLE "load_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"annual_kwh" double precision NOT NULL,
	"monthly_kwh" jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"byte_size" integer NOT NULL,
	"kwh" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_loads" (
	"study_id" uuid PRIMARY KEY NOT NULL,
	"steps_per_hour" integer NOT NULL,
	"kwh" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "load_files" ADD CONSTRAINT "load_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_loads" ADD CONSTRAINT "study_loads_study_id_feasibility_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."feasibility_studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "load_files_owner_created_idx" ON "load_files" USING btree ("owner_id","created_at");