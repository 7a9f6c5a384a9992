-- Billing's key/value settings become the application's: other modules keep their secrets there too.
ALTER TABLE billing_settings RENAME TO app_settings;
ALTER TABLE app_settings RENAME CONSTRAINT billing_settings_pkey TO app_settings_pkey;
