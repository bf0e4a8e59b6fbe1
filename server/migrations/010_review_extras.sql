-- Pre-inspection customer documents (docs host, spec 000 §3/§4/§7): one row per customer-uploaded image.
CREATE TABLE customer_documents (
  id serial PRIMARY KEY,
  appointment_id text NOT NULL,
  lead_token text NOT NULL,
  doc_type text NOT NULL CHECK (doc_type IN ('rc', 'insurance')),
  type text NOT NULL,
  image_title text NOT NULL,
  url text NOT NULL,
  qc_action text CHECK (qc_action IN ('APPROVED', 'REJECTED')),
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (appointment_id, doc_type, image_title)
);
CREATE INDEX customer_documents_appointment ON customer_documents(appointment_id);

-- The QC verdict per appointment and document type: PENDING until a reviewer confirms (approval PUT).
CREATE TABLE customer_document_status (
  appointment_id text NOT NULL,
  doc_type text NOT NULL CHECK (doc_type IN ('rc', 'insurance')),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'VERIFIED', 'UNVERIFIED')),
  rc_type text,
  verified_by text,
  verified_at timestamptz,
  PRIMARY KEY (appointment_id, doc_type)
);

-- Imperfections the inspector recorded beyond the form (docs host: by appointment).
CREATE TABLE imperfections (
  id serial PRIMARY KEY,
  appointment_id text NOT NULL,
  section text NOT NULL,
  part text NOT NULL,
  title text NOT NULL,
  description text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('minor', 'major', 'critical')),
  url text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX imperfections_appointment ON imperfections(appointment_id);

-- Images withheld from the normal image lists (faces, documents of third parties …): by appointment + lead token.
CREATE TABLE restricted_images (
  id serial PRIMARY KEY,
  appointment_id text NOT NULL,
  lead_token text NOT NULL,
  title text NOT NULL,
  reason text NOT NULL,
  url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX restricted_images_appointment ON restricted_images(appointment_id);

CREATE INDEX remarks_appointment ON remarks(appointment_id, section);
CREATE INDEX email_outbox_appointment ON email_outbox(appointment_id, created_at);
