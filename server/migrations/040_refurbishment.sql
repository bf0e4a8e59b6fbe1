-- Garage-service refurbishment suggestions (spec 001 §3 'Refurbishment item and header', §4 'Refurbishment status').
-- One row per appointment holds the current state; every change also leaves a row in refurbishment_versions.
CREATE TABLE refurbishments (
  appointment_id text PRIMARY KEY,
  version integer NOT NULL CHECK (version >= 1),
  status text NOT NULL CHECK (status IN ('review', 'refReview', 'rejected', 'refRejected', 'inRef', 'done')),
  qc_assign_to text,
  refurbished_by text NOT NULL,
  make text NOT NULL,
  model text NOT NULL,
  variant text NOT NULL,
  fuel_type text NOT NULL,
  month integer NOT NULL CHECK (month BETWEEN 1 AND 12),
  year integer NOT NULL,
  service_center text NOT NULL,
  gs_re_inspection_reason text,
  end_time timestamptz NOT NULL,
  -- fields[]: { hashKey, category, subCategory, beforeRef {...}, afterRef {...} }
  fields jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refurbishments_queue ON refurbishments(status, end_time DESC);

CREATE TABLE refurbishment_versions (
  id serial PRIMARY KEY,
  appointment_id text NOT NULL REFERENCES refurbishments(appointment_id) ON DELETE CASCADE,
  version integer NOT NULL,
  status text NOT NULL,
  -- The whole refurbishment detail as it stood at this version.
  detail jsonb NOT NULL,
  reviewed_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (appointment_id, version)
);
