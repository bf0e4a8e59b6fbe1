-- Issue 18 'Server at scale': the version list reads its submission fields from a summary kept beside the detail.
-- It read ten fields of the detail document per row, and PostgreSQL decompressed the whole document for each (~110
-- buffers for an appointment's two versions). The trigger keeps what the list answers (server/repos/inspections.ts
-- VERSION_COLUMNS, submissionSummary): the stored submission's fields and each section's errorsCount.
ALTER TABLE inspections ADD COLUMN version_summary jsonb;

CREATE FUNCTION inspection_version_summary(detail jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('qcUser', detail->'qcUser', 'isCritical', detail->'isCritical', 'issueType', detail->'issueType',
    'isDummyInspection', detail->'isDummyInspection', 'isApprovedByQc', detail->'isApprovedByQc', 'reviewStartTime', detail->'reviewStartTime',
    'reviewEndTime', detail->'reviewEndTime', 'submittedAt', detail->'submittedAt',
    -- Only an object has sections: anything else would fail the write that stores it.
    'sections', CASE WHEN jsonb_typeof(detail->'sections') = 'object'
      THEN (SELECT jsonb_object_agg(s.key, jsonb_build_object('errorsCount', s.value->'errorsCount')) FROM jsonb_each(detail->'sections') AS s) END)
$$;

CREATE FUNCTION inspections_version_summary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version_summary := inspection_version_summary(NEW.detail);
  RETURN NEW;
END
$$;

CREATE TRIGGER inspections_version_summary BEFORE INSERT OR UPDATE OF detail ON inspections FOR EACH ROW EXECUTE FUNCTION inspections_version_summary();

-- The rows written before: their summary without rewriting their documents (no trigger runs for this column).
UPDATE inspections SET version_summary = inspection_version_summary(detail);
ALTER TABLE inspections ALTER COLUMN version_summary SET NOT NULL;
