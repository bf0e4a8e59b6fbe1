-- Bike inspections of spec 001 (list, review, versions, report) and their lookups.
CREATE TABLE bike_makes (code text PRIMARY KEY, name text NOT NULL);
-- `variant` is the spec's JSON list of { name, code } (001 §3 'Bike makes, models and variants').
CREATE TABLE bike_models (id integer PRIMARY KEY, make_code text NOT NULL REFERENCES bike_makes(code), name text NOT NULL,
  variant jsonb NOT NULL DEFAULT '[]'::jsonb);
CREATE TABLE financiers (id integer PRIMARY KEY, name text NOT NULL, status text NOT NULL DEFAULT 'active');

-- One row per inspection version of a bike appointment; `id` is the version's own id, `bike_id` the bike's.
CREATE TABLE bike_inspections (
  id serial PRIMARY KEY,
  bike_id integer NOT NULL,
  appointment_id text NOT NULL,
  version integer NOT NULL,
  is_latest boolean NOT NULL DEFAULT true,
  status text NOT NULL,
  qc_user text,
  inspection_user text NOT NULL,
  make text NOT NULL,
  model text NOT NULL,
  variant text NOT NULL DEFAULT '',
  ui_version integer NOT NULL,
  is_b2b boolean NOT NULL DEFAULT false,
  inspection_end_time timestamptz NOT NULL,
  qc_end_time timestamptz,
  reason text,
  pdf_url text,
  report_url text,
  detail jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (appointment_id, version)
);
CREATE INDEX bike_inspections_list ON bike_inspections(is_latest, status, inspection_end_time DESC);
