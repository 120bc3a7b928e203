CREATE TABLE "screening_source_cache" (
	"source_id" text NOT NULL,
	"tile" text NOT NULL,
	"source_key" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"source_date" date NOT NULL,
	"features" jsonb,
	"feature_count" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"elevation" "bytea",
	"elevation_size" integer,
	"elevation_no_data" double precision,
	"cut" text,
	CONSTRAINT "screening_source_cache_source_id_tile_pk" PRIMARY KEY("source_id","tile")
);
--> statement-breakpoint
CREATE INDEX "screening_source_cache_expires_idx" ON "screening_source_cache" USING btree ("expires_at");
