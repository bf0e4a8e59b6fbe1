-- When the current assignee got the inspection (issue 16): the review's 3-minute countdown runs from it, so a reload
-- does not restart it. Inspections assigned before this column existed have none: their countdown starts on opening.
ALTER TABLE inspections ADD COLUMN assigned_at timestamptz;
