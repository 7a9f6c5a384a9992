-- 残保金 region ratio table (DisabilityProportion, issue 15). The provinces set their own ratio above
-- the national floor of 1.5% (财税〔2015〕72号); sources disagree on some values, so the operator edits
-- the rows and every row names the document it rests on. Ratio in basis points (150 = 1.5%).
CREATE TABLE disability_proportions (
  region_code text PRIMARY KEY CHECK (region_code ~ '^\d{6}$'),
  region_name text NOT NULL,
  ratio_bp integer NOT NULL CHECK (ratio_bp > 0 AND ratio_bp <= 1000),
  basis text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL
);

INSERT INTO disability_proportions (region_code, region_name, ratio_bp, basis) VALUES
  ('000000', '全国（未单独规定的地区）', 150, '财税〔2015〕72号：比例不得低于1.5%'),
  ('110000', '北京市', 170, '北京市地方规定（各来源记载为1.5%或1.7%，请核对当地现行文件）'),
  ('310000', '上海市', 160, '上海市地方规定（请核对当地现行文件）'),
  ('441900', '东莞市', 150, '东莞市地方规定（请核对当地现行文件）');
