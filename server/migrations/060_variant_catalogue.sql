-- Car variant catalogue (spec 002 §2 'Car variant list', 'Add / edit car variant', §3, §7 'Variant catalogue').

-- Parameters a variant is built from: dropDown (value = options), yes/no (no options), image (image = [{name, url}]).
CREATE TABLE variant_parameters (
  id serial PRIMARY KEY,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('dropDown', 'yes/no', 'image')),
  value jsonb NOT NULL DEFAULT '[]'::jsonb,
  image jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive')),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Parameter names are keys of the variant data: one name, one parameter, whatever the case.
CREATE UNIQUE INDEX variant_parameters_name ON variant_parameters (lower(name));

-- Suggestion data: one row per variant of a model, fuel type and set of manufacturing years; `parameters` maps a
-- parameter name to its value (image values are 'name:url').
CREATE TABLE variant_suggestion_data (
  sr_no serial PRIMARY KEY,
  make_id integer NOT NULL REFERENCES makes(make_id),
  model_id integer NOT NULL REFERENCES models(model_id),
  model_name text NOT NULL,
  fuel_type text NOT NULL,
  manufacturing_years integer[] NOT NULL CHECK (cardinality(manufacturing_years) > 0),
  variant text NOT NULL,
  variant_id integer NOT NULL,
  parameters jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX variant_suggestion_data_model ON variant_suggestion_data (model_id, fuel_type);

-- Whether the inspection app uses the suggestion data of a model, fuel type and year (Active) or not (Pending),
-- and the order it asks the parameters in (displayFields: parameter name -> 1..n).
CREATE TABLE variant_suggestion_settings (
  model_id integer NOT NULL REFERENCES models(model_id),
  fuel_type text NOT NULL,
  year integer NOT NULL,
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Active', 'Pending')),
  display_fields jsonb,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (model_id, fuel_type, year)
);
