-- Report cover templates (spec §7 BusinessPanoramicReport/findCoverAll, updateCoverByUserId(All)): the
-- platform's designs of the first page of a report's PDF, and which one each user prints with. A cover
-- is a layout the print view draws with two colours, not a picture: it prints sharp at any size and
-- carries the report's own facts (company, period, level) wherever the layout puts them.
CREATE TABLE report_covers (
  id integer PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL,
  layout text NOT NULL CHECK (layout IN ('classic', 'band', 'frame', 'split')),
  primary_color text NOT NULL CHECK (primary_color ~ '^#[0-9a-f]{6}$'),
  accent_color text NOT NULL CHECK (accent_color ~ '^#[0-9a-f]{6}$'),
  sort_order integer NOT NULL,
  -- The cover of users who chose none; exactly one.
  is_default boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX report_covers_one_default ON report_covers (is_default) WHERE is_default;

INSERT INTO report_covers (id, name, description, layout, primary_color, accent_color, sort_order, is_default) VALUES
  (1, '经典简洁', '白底居中，报告名称与企业名称居中排列，适合各类报告', 'classic', '#1f4e8c', '#c9a227', 1, true),
  (2, '商务蓝带', '顶部深蓝色通栏写报告名称，下方为企业与报告信息', 'band', '#16365c', '#3a7bd5', 2, false),
  (3, '典雅边框', '双线边框围合全页，金色点缀，适合提交给客户的正式报告', 'frame', '#5b3a1a', '#b8860b', 3, false),
  (4, '墨绿分栏', '左侧墨绿色竖栏写机构名称，右侧为报告信息', 'split', '#1d5c4a', '#7fb685', 4, false);

-- One row per user who chose a cover; no row: the default cover.
CREATE TABLE user_report_covers (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  cover_id integer NOT NULL REFERENCES report_covers (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The cover the cached PDF was printed with: another user's export with another cover prints again.
ALTER TABLE reports ADD COLUMN pdf_cover_id integer;
