-- RI mails sent over SMTP (SMTP_URL set): the outcome of the send on the outbox row.
-- status: 'queued' (stored; not sent, or no SMTP configured), 'sent' (accepted by the SMTP server), 'failed'.
ALTER TABLE email_outbox ADD COLUMN message_id text;
ALTER TABLE email_outbox ADD COLUMN error text;
