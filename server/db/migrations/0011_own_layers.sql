ALTER TABLE "screening_layers" ADD COLUMN "label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "screening_layers" ADD COLUMN "file_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "screening_layers_owner_created_idx" ON "screening_layers" USING btree ("owner_id","created_at");
