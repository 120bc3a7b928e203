CREATE TABLE "screening_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"criteria" jsonb NOT NULL,
	"bbox" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"parcels_total" integer,
	"parcels_done" integer DEFAULT 0 NOT NULL,
	"summary" jsonb DEFAULT '{"pass":0,"fail":0,"unknown":0}'::jsonb NOT NULL,
	"layers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "screening_job_parcels" (
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"parcel_id" uuid NOT NULL,
	CONSTRAINT "screening_job_parcels_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "screening_job_results" (
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"parcel_id" uuid NOT NULL,
	"result" jsonb NOT NULL,
	CONSTRAINT "screening_job_results_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "screening_jobs" ADD CONSTRAINT "screening_jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_jobs" ADD CONSTRAINT "screening_jobs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_job_parcels" ADD CONSTRAINT "screening_job_parcels_job_id_screening_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."screening_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_job_results" ADD CONSTRAINT "screening_job_results_job_id_screening_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."screening_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screening_jobs_project_created_idx" ON "screening_jobs" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "screening_jobs_owner_status_idx" ON "screening_jobs" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "screening_jobs_status_idx" ON "screening_jobs" USING btree ("status");
