-- Flagged cars of the GS unflagging flow (spec 002 §3 'GS unflagging list item' / 'detail').
-- The list columns are columns; the detail the page shows (images, parts, comments …) lives in `detail`.
CREATE TABLE gs_flags (
  appointment_id text PRIMARY KEY,
  lead_token text NOT NULL,
  category text NOT NULL,
  city_id integer NOT NULL,
  store_id integer NOT NULL,
  store_name text NOT NULL,
  make text NOT NULL,
  model text NOT NULL,
  inspection_end_time timestamptz NOT NULL,
  assigned_to text,
  -- 0 Alpha, non-zero Beta, 4 changed to Beta, -1 un-flagged (spec 002 §4).
  condition_flag integer NOT NULL,
  hard_beta boolean NOT NULL DEFAULT false,
  -- 'pending' until the assignee acts; then the submitted status (src/config/gs-unflagging/outcome.json).
  status text NOT NULL DEFAULT 'pending',
  reason text,
  disposition text,
  sub_disposition jsonb,
  actioned_by text,
  actioned_at timestamptz,
  workflow_id text,
  detail jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gs_flags_list ON gs_flags(status, created_at DESC);

-- Public customer audit (spec 002 §3 'Customer audit'): answered once.
CREATE TABLE customer_audits (
  appointment_id text PRIMARY KEY,
  car_details jsonb NOT NULL,
  customer_input jsonb NOT NULL,
  cj_input jsonb NOT NULL,
  inspection_by text NOT NULL,
  status text CHECK (status IN ('approved', 'rejected')),
  answered_at timestamptz
);

-- Public sell-online offer (spec 002 §3 'Sell-online record'): OPEN on first view, then APPROVED or REJECTED.
CREATE TABLE sell_online (
  appointment_id text PRIMARY KEY,
  record jsonb NOT NULL,
  status text CHECK (status IN ('OPEN', 'APPROVED', 'REJECTED')),
  opened_at timestamptz,
  answered_at timestamptz
);
