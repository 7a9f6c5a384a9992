-- Documents the report rules cite that the demo library lacked (issue 15: report rules link to the
-- policy documents they cite). Metadata as published; the summaries are our own words. Documents
-- whose standing after the 增值税法 (2026-01-01) we could not confirm are left out rather than
-- given a status we are unsure of.
INSERT INTO policy_documents (doc_no, title, issuer, issued_on, effective_on, tax_kind, status, summary, source) VALUES
  ('国家税务总局公告2019年第38号', '国家税务总局关于异常增值税扣税凭证管理等有关事项的公告', '国家税务总局', '2019-11-14', '2020-02-01', '增值税', '有效',
   '规定哪些增值税扣税凭证列为异常凭证，取得异常凭证尚未抵扣的暂不抵扣、已抵扣的作进项转出，以及纳税人提出异议和税务机关核实的程序。', '国家税务总局公告'),
  ('国家税务总局公告2016年第76号', '国家税务总局关于走逃（失联）企业开具增值税专用发票认定处理有关问题的公告', '国家税务总局', '2016-12-01', NULL, '增值税', '有效',
   '列举走逃（失联）企业存续经营期间开具专用发票的异常情形（如购进与销售货物名称严重背离、税负异常），规定其开具的专用发票列为异常凭证的处理。', '国家税务总局公告'),
  ('国家税务总局公告2016年第42号', '国家税务总局关于完善关联申报和同期资料管理有关事项的公告', '国家税务总局', '2016-06-29', NULL, '企业所得税', '有效',
   '规定关联关系的认定标准、年度关联业务往来报告表的填报，以及主体文档、本地文档和特殊事项文档等同期资料的准备条件与期限。', '国家税务总局公告'),
  ('财税〔2018〕51号', '财政部 税务总局关于企业职工教育经费税前扣除政策的通知', '财政部 税务总局', '2018-05-07', '2018-01-01', '企业所得税', '有效',
   '企业发生的职工教育经费支出，不超过工资薪金总额8%的部分准予在计算企业所得税应纳税所得额时扣除，超过部分准予在以后纳税年度结转扣除。', '财政部、税务总局发文'),
  ('国税函〔2009〕3号', '国家税务总局关于企业工资薪金及职工福利费扣除问题的通知', '国家税务总局', '2009-01-04', NULL, '企业所得税', '有效',
   '明确合理工资薪金的判断原则、工资薪金总额的口径，以及职工福利费包括的项目和核算要求，为福利费、工会经费、教育经费的扣除基数提供依据。', '国家税务总局发文'),
  ('国税函〔2009〕312号', '国家税务总局关于企业投资者投资未到位而发生的利息支出企业所得税前扣除问题的批复', '国家税务总局', '2009-06-04', NULL, '企业所得税', '有效',
   '投资者在规定期限内未缴足应缴资本额的，企业对外借款所发生的利息中，相当于实缴资本与应缴资本差额应计付的利息不得在计算应纳税所得额时扣除。', '国家税务总局发文'),
  ('财税〔2003〕158号', '财政部 国家税务总局关于规范个人投资者个人所得税征收管理的通知', '财政部 国家税务总局', '2003-07-11', NULL, '个人所得税', '有效',
   '个人投资者以企业资金为本人、家庭成员支付与生产经营无关的消费性支出或购置财产，以及从投资企业借款在纳税年度终了后既不归还又未用于生产经营的，视为企业对个人投资者的红利分配，依照“利息、股息、红利所得”计征个人所得税。', '财政部、国家税务总局发文'),
  ('财政部 税务总局公告2022年第22号', '财政部 税务总局关于印花税若干事项政策执行口径的公告', '财政部 税务总局', '2022-06-12', '2022-07-01', '印花税', '有效',
   '明确印花税法施行后的若干执行口径：书立应税凭证的纳税人、未列明金额时计税依据的确定、同一凭证载有多项事项的处理，以及企业之间书立的确定买卖关系的订单、要货单等单据应当缴纳印花税等。', '财政部、税务总局公告');

INSERT INTO policy_articles (document_id, seq, heading, body, search_text)
SELECT d.id, 1, '内容摘要（本站撰写）', d.summary, policy_normalize('内容摘要（本站撰写）' || d.summary)
FROM policy_documents d WHERE NOT EXISTS (SELECT 1 FROM policy_articles a WHERE a.document_id = d.id);

UPDATE policy_documents
  SET head_text = policy_normalize(title) || chr(1) || policy_normalize(doc_no) || chr(1) || policy_normalize(summary)
  WHERE head_text = '' OR head_text IS NULL;

INSERT INTO policy_search_keys (document_id, issued_on, tax_kind, status, region_code, grams)
SELECT d.id, d.issued_on, d.tax_kind, d.status, d.region_code,
  policy_bigrams(policy_normalize(d.title || d.doc_no || d.summary) || coalesce(
    (SELECT string_agg(a.search_text, '' ORDER BY a.seq) FROM policy_articles a WHERE a.document_id = d.id), ''))
FROM policy_documents d WHERE NOT EXISTS (SELECT 1 FROM policy_search_keys k WHERE k.document_id = d.id);
