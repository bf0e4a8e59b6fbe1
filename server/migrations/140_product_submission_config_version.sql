-- Issue 17: the config version each product's submission was checked against (config_versions, migration 095), as
-- 110 records it for the car. NULL: the JSON in src/config (the seed), or a row no submission has written yet.
-- Bike: the review's submit sets the status on the inspection version's own row.
ALTER TABLE bike_inspections ADD COLUMN config_version integer REFERENCES config_versions(id);
-- Refurbishment: each submit records the version it produced.
ALTER TABLE refurbishment_versions ADD COLUMN config_version integer REFERENCES config_versions(id);
-- GS unflagging: the flag row keeps its last action.
ALTER TABLE gs_flags ADD COLUMN config_version integer REFERENCES config_versions(id);
