-- Config studio: a saved version reads back as the analyst wrote it. jsonb keeps an object's keys sorted by length,
-- then bytes, so every save came back reordered (`"id"` before `"when"`, `"key"` first) and the editor's text and
-- the diffs between versions moved keys around. json keeps the document's text; nothing queries inside it. Versions
-- saved before this keep jsonb's order.
ALTER TABLE config_versions ALTER COLUMN config TYPE json USING config::json;
