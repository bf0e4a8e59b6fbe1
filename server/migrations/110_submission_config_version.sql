-- Issue 17: the config version a submission was checked against (config_versions, migration 095).
-- NULL: the JSON in src/config (the seed, used while a product has no stored version).
ALTER TABLE submissions ADD COLUMN config_version integer REFERENCES config_versions(id);
