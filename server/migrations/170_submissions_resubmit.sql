-- 000 §4: in done status ('Doc Upload Verification') the assignee may edit and submit again, so one inspection version
-- can have several submissions. A retry, a second tab or a race is refused in the submission's own transaction (the
-- inspection's row lock, the status's edit right, a review begun after the last submission ended).
DROP INDEX submissions_once_per_version;
CREATE INDEX submissions_car_version ON submissions(car_id, version, id);
