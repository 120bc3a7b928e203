CREATE TABLE "nsrdb_weather_cache" (
	"dataset" text NOT NULL,
	"lat_e3" integer NOT NULL,
	"lon_e3" integer NOT NULL,
	"year" text NOT NULL,
	"base_url" text NOT NULL,
	"annual_ghi_kwh_m2" double precision NOT NULL,
	"attribution" text NOT NULL,
	"content" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nsrdb_weather_cache_dataset_lat_e3_lon_e3_year_pk" PRIMARY KEY("dataset","lat_e3","lon_e3","year")
);
