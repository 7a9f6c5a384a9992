-- Where a code was requested from, so one client cannot spray codes over many phones.
ALTER TABLE sms_codes ADD COLUMN client_ip text;
CREATE INDEX sms_codes_client_ip ON sms_codes (client_ip, created_at DESC) WHERE client_ip IS NOT NULL;
