-- Config studio (issue 17): each saved version of a product's config, checked by the server before it is stored.
-- At most one active version per product; a product without any row runs the JSON in src/config (seed and fallback).
CREATE TABLE config_versions (
  id serial PRIMARY KEY,
  product text NOT NULL,
  config jsonb NOT NULL,
  message text NOT NULL,
  author text NOT NULL,
  author_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  active boolean NOT NULL DEFAULT false
);
CREATE INDEX config_versions_product ON config_versions(product, id);
CREATE UNIQUE INDEX config_versions_one_active ON config_versions(product) WHERE active;
