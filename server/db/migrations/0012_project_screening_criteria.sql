-- Issue 24 item 5: a project's screening criteria, saved from the map screen and used by its report.
ALTER TABLE "projects" ADD COLUMN "screening_criteria" jsonb;
