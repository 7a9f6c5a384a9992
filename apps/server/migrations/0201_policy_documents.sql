-- The tax policy library (/policy, /policy2; issue 15). A document is known by its 文号 and carries its
-- articles. Chinese search: pg_trgm makes no trigrams of Chinese under the C collation (see
-- companydata/search-terms.ts), so each document is indexed by the character bigrams of its normalised
-- text (policy_bigrams) in a GIN array, and a hit is then confirmed by strpos on that text.
CREATE FUNCTION policy_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(regexp_replace(coalesce(value, ''), '\s+', '', 'g')) $$;

CREATE FUNCTION policy_bigrams(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT substr(value, position, 2)), '{}')
    FROM generate_series(1, greatest(char_length(value) - 1, 0)) AS position
  $$;

CREATE TABLE policy_documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  doc_no text NOT NULL,
  title text NOT NULL,
  issuer text NOT NULL,
  issued_on date NOT NULL,
  effective_on date,
  tax_kind text NOT NULL,
  region_code text NOT NULL DEFAULT '000000' CHECK (region_code ~ '^\d{6}$'),
  status text NOT NULL CHECK (status IN ('有效', '失效', '部分失效')),
  -- Written by us; never the document's own text.
  summary text NOT NULL,
  source text NOT NULL,
  -- Normalised title + 文号 + summary (the basic library searches only these) and with the articles.
  head_text text NOT NULL DEFAULT '',
  search_text text NOT NULL DEFAULT '',
  search_grams text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (doc_no, title)
);
CREATE INDEX policy_documents_grams_idx ON policy_documents USING gin (search_grams);
CREATE INDEX policy_documents_issued_idx ON policy_documents (issued_on DESC, id DESC);

CREATE TABLE policy_articles (
  document_id bigint NOT NULL REFERENCES policy_documents (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  heading text NOT NULL,
  body text NOT NULL,
  PRIMARY KEY (document_id, seq)
);

-- Demo set: real documents by their metadata; the summaries are our own words.
INSERT INTO policy_documents (doc_no, title, issuer, issued_on, effective_on, tax_kind, status, summary, source) VALUES
  ('财税〔2016〕36号', '关于全面推开营业税改征增值税试点的通知', '财政部 国家税务总局', '2016-03-23', '2016-05-01', '增值税', '部分失效',
   '自2016年5月1日起建筑业、房地产业、金融业和生活服务业纳入营改增试点，附件规定了试点实施办法、有关事项、过渡政策和跨境应税行为的零税率与免税。部分条款已被后续文件修改。', '财政部、国家税务总局发文'),
  ('财政部 税务总局 海关总署公告2019年第39号', '关于深化增值税改革有关政策的公告', '财政部 税务总局 海关总署', '2019-03-20', '2019-04-01', '增值税', '部分失效',
   '下调增值税税率（16%调为13%，10%调为9%），调整出口退税率，扩大进项税额抵扣范围，试行期末留抵税额退税，并对生产、生活性服务业实行进项税额加计抵减。', '财政部、税务总局、海关总署公告'),
  ('财政部 税务总局公告2023年第1号', '关于明确增值税小规模纳税人减免增值税等政策的公告', '财政部 税务总局', '2023-01-09', '2023-01-01', '增值税', '失效',
   '2023年内小规模纳税人月销售额10万元以下免征增值税，适用3%征收率的减按1%征收，并明确生产、生活性服务业加计抵减政策。执行期已届满。', '财政部、税务总局公告'),
  ('财政部 税务总局公告2023年第19号', '关于增值税小规模纳税人减免增值税政策的公告', '财政部 税务总局', '2023-08-01', '2023-01-01', '增值税', '有效',
   '小规模纳税人月销售额10万元以下免征增值税、3%征收率减按1%征收的政策延续执行至2027年12月31日。', '财政部、税务总局公告'),
  ('中华人民共和国主席令第四十一号', '中华人民共和国增值税法', '全国人民代表大会常务委员会', '2024-12-25', '2026-01-01', '增值税', '有效',
   '以法律形式规定增值税的纳税人、征税范围、税率、应纳税额计算、税收优惠和征收管理，自2026年1月1日起施行。', '全国人民代表大会常务委员会公布'),
  ('国家税务总局公告2018年第28号', '企业所得税税前扣除凭证管理办法', '国家税务总局', '2018-06-06', '2018-07-01', '企业所得税', '有效',
   '规定企业所得税税前扣除凭证的种类、取得时限和不合规发票的补开、换开及替代证明材料，是判断成本费用能否扣除的基本依据。', '国家税务总局公告'),
  ('财政部 税务总局公告2023年第7号', '关于进一步完善研发费用税前加计扣除政策的公告', '财政部 税务总局', '2023-03-26', '2023-01-01', '企业所得税', '有效',
   '企业开展研发活动实际发生的研发费用，未形成无形资产的按实际发生额的100%在税前加计扣除，形成无形资产的按成本的200%摊销，作为制度性安排长期实施。', '财政部、税务总局公告'),
  ('财政部 税务总局公告2023年第12号', '关于进一步支持小微企业和个体工商户发展有关税费政策的公告', '财政部 税务总局', '2023-08-02', '2023-01-01', '企业所得税', '有效',
   '小型微利企业减按25%计入应纳税所得额、按20%税率缴纳企业所得税，并对小规模纳税人、小型微利企业和个体工商户减半征收“六税两费”，执行至2027年12月31日。', '财政部、税务总局公告'),
  ('财税〔2009〕57号', '关于企业资产损失税前扣除政策的通知', '财政部 国家税务总局', '2009-04-16', '2008-01-01', '企业所得税', '有效',
   '明确企业实际发生的现金、存款、坏账、存货、固定资产等资产损失在计算应纳税所得额时准予扣除的条件。', '财政部、国家税务总局发文'),
  ('国家税务总局公告2011年第25号', '企业资产损失所得税税前扣除管理办法', '国家税务总局', '2011-03-31', '2011-01-01', '企业所得税', '部分失效',
   '规定资产损失的申报方式、证据材料和各类资产损失的确认办法；申报管理的部分规定已被后续公告修改。', '国家税务总局公告'),
  ('中华人民共和国主席令第二十三号', '中华人民共和国税收征收管理法（2015年修正）', '全国人民代表大会常务委员会', '2015-04-24', '2015-04-24', '征收管理', '有效',
   '规定税务登记、账簿凭证管理、纳税申报、税款征收、税务检查和法律责任，是税收征管的基本法律。', '全国人民代表大会常务委员会公布'),
  ('国家税务总局令第54号', '重大税收违法失信主体信息公布管理办法', '国家税务总局', '2021-12-31', '2022-02-01', '征收管理', '有效',
   '规定重大税收违法失信主体的确定标准、信息公布的内容与期限、提前停止公布和信用修复。', '国家税务总局令'),
  ('国税发〔2005〕43号', '关于印发《纳税评估管理办法（试行）》的通知', '国家税务总局', '2005-03-11', '2005-03-11', '征收管理', '有效',
   '规定纳税评估的对象、指标、方法和评估结果处理，附件列出了通用分析指标及其计算公式。', '国家税务总局发文'),
  ('财税〔2015〕72号', '关于印发《残疾人就业保障金征收使用管理办法》的通知', '财政部 国家税务总局 中国残疾人联合会', '2015-09-09', '2015-10-01', '残保金', '有效',
   '规定残疾人就业保障金的征收对象、计算公式（按上年在职职工人数、所在地规定比例和实际安排人数计算差额，乘以上年在职职工年平均工资）和征收管理。', '财政部、国家税务总局、中国残疾人联合会发文'),
  ('财政部公告2019年第98号', '关于调整残疾人就业保障金征收政策的公告', '财政部', '2019-12-26', '2020-01-01', '残保金', '失效',
   '2020年至2022年对安排残疾人就业比例达到1%（含）以上但未达到规定比例的按应缴费额50%征收，1%以下的按90%征收；在职职工30人（含）以下的企业暂免征收。', '财政部公告');

-- The demo documents carry our summary as their only section, so search reaches it like an article.
INSERT INTO policy_articles (document_id, seq, heading, body)
SELECT id, 1, '内容摘要（本站撰写）', summary FROM policy_documents;

UPDATE policy_documents AS d SET
  head_text = policy_normalize(d.title || d.doc_no || d.summary),
  search_text = policy_normalize(d.title || d.doc_no || d.summary || coalesce(
    (SELECT string_agg(a.heading || a.body, '' ORDER BY a.seq) FROM policy_articles a WHERE a.document_id = d.id), '')),
  search_grams = policy_bigrams(policy_normalize(d.title || d.doc_no || d.summary || coalesce(
    (SELECT string_agg(a.heading || a.body, '' ORDER BY a.seq) FROM policy_articles a WHERE a.document_id = d.id), '')));
