-- Users, sessions and the audit trail.
CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  role text,
  is_excluded boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user ON sessions(user_id);

-- Lookups (spec 000 §3 'Lookup entities').
CREATE TABLE states (state_id integer PRIMARY KEY, state_name text NOT NULL, state_code text NOT NULL);
CREATE TABLE rtos (id integer PRIMARY KEY, state_id integer NOT NULL REFERENCES states(state_id), rto text NOT NULL, rto_code text NOT NULL UNIQUE);
CREATE TABLE cities (city_id integer PRIMARY KEY, city_name text NOT NULL, state_id integer NOT NULL REFERENCES states(state_id));
CREATE TABLE stores (location_id integer PRIMARY KEY, city_id integer NOT NULL REFERENCES cities(city_id), name text NOT NULL,
  region_id integer NOT NULL, region_name text NOT NULL, store_type text NOT NULL DEFAULT 'car');
CREATE TABLE makes (make_id integer PRIMARY KEY, make_name text NOT NULL);
CREATE TABLE models (model_id integer PRIMARY KEY, make_id integer NOT NULL REFERENCES makes(make_id), model_name text NOT NULL);
CREATE TABLE variants (
  variant_id integer PRIMARY KEY,
  model_id integer NOT NULL REFERENCES models(model_id),
  variant_name text NOT NULL,
  variant_display_name text NOT NULL,
  variant_parent_id integer,
  fuel_type text NOT NULL,
  transmission_type text NOT NULL,
  transportation_category text NOT NULL,
  variant_status text NOT NULL,
  year integer NOT NULL,
  variantyear_status text NOT NULL
);
CREATE INDEX variants_model ON variants(model_id);
CREATE TABLE banks (id integer PRIMARY KEY, financier_name text NOT NULL, noc_clearance_time integer NOT NULL);
CREATE TABLE noc_issued_for (id integer PRIMARY KEY, rto_code text NOT NULL, rto text NOT NULL);
CREATE TABLE comment_options (id integer PRIMARY KEY, section text NOT NULL, comment text NOT NULL,
  status text NOT NULL DEFAULT 'Active', rank integer NOT NULL, type text NOT NULL);
CREATE TABLE app_config (key text PRIMARY KEY, value jsonb NOT NULL);

-- Inspections: one row per inspection version (each version has its own carId);
-- the filterable fields are columns, the full InspectionDetail lives in `detail`.
CREATE TABLE inspections (
  car_id integer PRIMARY KEY,
  appointment_id text NOT NULL,
  lead_token text NOT NULL,
  version integer NOT NULL DEFAULT 0,
  is_latest boolean NOT NULL DEFAULT true,
  status text NOT NULL,
  assignee text,
  category text NOT NULL,
  city_id integer NOT NULL,
  store_id integer NOT NULL,
  make text NOT NULL,
  model text NOT NULL,
  variant text NOT NULL DEFAULT '',
  store_name text NOT NULL,
  inspection_by text,
  inspection_start_time timestamptz,
  inspection_end_time timestamptz NOT NULL,
  is_report_processed integer NOT NULL DEFAULT 1,
  re_inspection_processing integer NOT NULL DEFAULT 0,
  dealer_price_processing integer NOT NULL DEFAULT 0,
  is_pdi_lead integer NOT NULL DEFAULT 0,
  qc_audit integer NOT NULL DEFAULT 0,
  workflow_id text,
  review_start_time timestamptz,
  qc_by text,
  qc_start_time timestamptz,
  qc_end_time timestamptz,
  pdf_url text,
  detail jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inspections_appointment ON inspections(appointment_id);
CREATE INDEX inspections_list ON inspections(is_latest, inspection_end_time DESC);

-- Every stored state of an inspection: seeded earlier versions, each assignment and each submission.
CREATE TABLE inspection_versions (
  id serial PRIMARY KEY,
  car_id integer NOT NULL,
  appointment_id text NOT NULL,
  version integer NOT NULL,
  status text NOT NULL,
  reason text NOT NULL,
  detail jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inspection_versions_car ON inspection_versions(car_id);

CREATE TABLE submissions (
  id serial PRIMARY KEY,
  car_id integer NOT NULL REFERENCES inspections(car_id),
  version integer NOT NULL,
  reviewer text NOT NULL,
  status_before text NOT NULL,
  status_after text NOT NULL,
  is_approved_by_qc integer NOT NULL,
  is_dummy integer NOT NULL,
  is_critical integer NOT NULL,
  review_start_time timestamptz NOT NULL,
  review_end_time timestamptz NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX submissions_reviewer ON submissions(reviewer, created_at);
CREATE UNIQUE INDEX submissions_once_per_version ON submissions(car_id, version);

CREATE TABLE audit_log (
  id serial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  action text NOT NULL,
  car_id integer,
  appointment_id text,
  before_status text,
  after_status text,
  detail jsonb
);
CREATE INDEX audit_log_car ON audit_log(car_id);

-- Government registry data per appointment (three sources, spec 000 §7 vahan/{id}).
CREATE TABLE registry_data (appointment_id text PRIMARY KEY, data jsonb NOT NULL);

CREATE TABLE remarks (
  id serial PRIMARY KEY,
  car_id integer NOT NULL,
  appointment_id text NOT NULL,
  section text NOT NULL,
  part text,
  sub_part text,
  hash_key text,
  type text NOT NULL,
  remark text NOT NULL,
  presigned_url text,
  user_email text NOT NULL,
  role text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX remarks_car ON remarks(car_id);

CREATE TABLE uploads (
  id serial PRIMARY KEY,
  car_id integer,
  path text NOT NULL,
  url text NOT NULL,
  old_url text,
  meta jsonb,
  uploaded_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE email_outbox (
  id serial PRIMARY KEY,
  car_id integer NOT NULL,
  appointment_id text NOT NULL,
  version integer NOT NULL,
  to_addresses text[] NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  diff_url text,
  status text NOT NULL DEFAULT 'queued',
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

-- Live auto-assignment record per reviewer (spec 000 §4): 'changed' triggers a list reload, reset to 'pending'.
CREATE TABLE auto_assignment (
  email text PRIMARY KEY,
  status text NOT NULL DEFAULT 'pending',
  car_id integer,
  updated_at timestamptz NOT NULL DEFAULT now()
);
