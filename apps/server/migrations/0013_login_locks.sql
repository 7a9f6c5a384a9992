-- A phone locked after too many wrong passwords, until a fixed time from the failure that locked it
-- (not a sliding window that ends when the oldest failure ages out).
CREATE TABLE login_locks (
  phone text PRIMARY KEY,
  locked_until timestamptz NOT NULL
);
