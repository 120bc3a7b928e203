-- Issue 24 item 3: the site address of a parcel attached from an online county parcel service.
ALTER TABLE "parcels" ADD COLUMN "address" text DEFAULT '' NOT NULL;
