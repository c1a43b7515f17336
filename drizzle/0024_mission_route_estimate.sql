ALTER TABLE "missions" ADD COLUMN "route_km" integer GENERATED ALWAYS AS (case when pickup_lat is null or pickup_lng is null or delivery_lat is null or delivery_lng is null then null else round((2 * 6371.0088 * asin(least(1, sqrt(
  power(sin(radians((delivery_lat - pickup_lat)::float8) / 2), 2)
  + cos(radians(pickup_lat::float8)) * cos(radians(delivery_lat::float8))
    * power(sin(radians((delivery_lng - pickup_lng)::float8) / 2), 2)))) * 1.3))::int end) STORED;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "route_driving_minutes" integer GENERATED ALWAYS AS (case when pickup_lat is null or pickup_lng is null or delivery_lat is null or delivery_lng is null then null else (ceil((2 * 6371.0088 * asin(least(1, sqrt(
  power(sin(radians((delivery_lat - pickup_lat)::float8) / 2), 2)
  + cos(radians(pickup_lat::float8)) * cos(radians(delivery_lat::float8))
    * power(sin(radians((delivery_lng - pickup_lng)::float8) / 2), 2)))) * 1.3) / 65 * 60 / 5) * 5)::int end) STORED;