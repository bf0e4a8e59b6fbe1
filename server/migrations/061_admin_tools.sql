-- Store cancellation X factor and the admin uploads (spec 002 §2 'Store cancellation X factor', 'Admin forms', §7).

-- Which stores have an X factor (only locality and sell_online ones) and the hours their slots run. Nullable: the
-- seed fills stores with jsonb_populate_recordset, which gives columns it does not name NULL, not their default.
ALTER TABLE stores ADD COLUMN channel text;
ALTER TABLE stores ADD COLUMN open_hour integer CHECK (open_hour BETWEEN 0 AND 23);
ALTER TABLE stores ADD COLUMN close_hour integer CHECK (close_hour BETWEEN 1 AND 24 AND close_hour > open_hour);

-- One row per store and date; slot_x_factor maps 'hh:00:00' to the factor.
CREATE TABLE store_cancellation_factor (
  id serial PRIMARY KEY,
  store_id integer NOT NULL REFERENCES stores(location_id),
  date date NOT NULL,
  slot_x_factor jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, date)
);

-- Evaluator (CJ) leaves uploaded as CSV.
CREATE TABLE evaluator_leaves (
  id serial PRIMARY KEY,
  evaluator_email text NOT NULL,
  leave_date date NOT NULL,
  leave_type text NOT NULL,
  uploaded_by text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (evaluator_email, leave_date)
);

-- Video tutorials the inspection app shows from start_date on, to the stores of a config.
CREATE TABLE video_tutorials (
  id serial PRIMARY KEY,
  feature_title text NOT NULL,
  description text NOT NULL,
  hindi_video_url text NOT NULL,
  english_video_url text NOT NULL,
  start_date date NOT NULL,
  config_name text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
