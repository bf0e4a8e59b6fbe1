-- Issue 18 'Server at scale': the inspection list reads only its own columns.
-- The two fields the list shows from the detail document (re-inspection reason, PDI type) are kept beside it by a
-- trigger, so a page of the list never reads (decompresses) the large documents.
ALTER TABLE inspections ADD COLUMN list_detail jsonb;

CREATE FUNCTION inspections_list_detail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_detail := jsonb_build_object(
    'reInspectionReason', NEW.detail -> 'reInspectionReason',
    'inspectionData', jsonb_build_object('carDetails', jsonb_build_object('pdiType', NEW.detail #> '{inspectionData,carDetails,pdiType}')));
  RETURN NEW;
END
$$;

CREATE TRIGGER inspections_list_detail BEFORE INSERT OR UPDATE OF detail ON inspections FOR EACH ROW EXECUTE FUNCTION inspections_list_detail();

UPDATE inspections SET detail = detail;

-- The list's order (newest first, car id to break ties) over the latest versions only, so a page is the first rows of
-- the index and its count reads the index alone; the assignee filter (lower(assignee)) has its own.
CREATE INDEX inspections_latest_by_end ON inspections (inspection_end_time DESC, car_id DESC) WHERE is_latest;
CREATE INDEX inspections_latest_assignee ON inspections (lower(assignee), inspection_end_time DESC, car_id DESC) WHERE is_latest;
