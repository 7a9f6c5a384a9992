-- Header theme colour each user picks for the main layout's top bar (spec §2 "Header theme colours
-- can be set", issue 15). One of the presets of packages/shared/src/schemas/site.ts.
ALTER TABLE users ADD COLUMN header_theme text NOT NULL DEFAULT 'default'
  CHECK (header_theme IN ('default', 'ink', 'blue', 'green', 'wine', 'purple'));
