-- Data services (DataServerDelivery, /data-view/product): what the platform offers a firm for its
-- clients, each answering some risk lists (recommended when the firm's clients are on them), and
-- the firm's requests for one (submitInfo), which the platform's account managers follow up.
CREATE TABLE data_server_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  subheading text NOT NULL,
  label text NOT NULL,
  description text NOT NULL,
  -- The risk lists (RISK_KINDS keys) this service answers.
  risk_kinds text[] NOT NULL DEFAULT '{}',
  deliverables text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE data_server_delivery_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id),
  user_id bigint NOT NULL REFERENCES users (id),
  delivery_id bigint NOT NULL REFERENCES data_server_deliveries (id),
  contact_name text NOT NULL,
  contact_phone text NOT NULL,
  -- The client company the request is about, if one was chosen.
  credit_code text,
  company_name text,
  remark text,
  status text NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'contacted', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX data_server_delivery_requests_group_idx ON data_server_delivery_requests (group_id, created_at DESC);

INSERT INTO data_server_deliveries (title, subheading, label, description, risk_kinds, deliverables, sort_order) VALUES
  ('经营异常移出辅导', '补报年报、更正公示信息，申请移出经营异常名录', '工商合规',
   '针对因未按时报送年度报告、公示信息隐瞒真实情况或通过登记住所无法联系而列入经营异常名录的企业，核对列入原因，准备补报或更正材料，向作出决定的市场监督管理部门申请移出。',
   '{abnormal_operation}', '列入原因核对表；补报/更正材料清单；移出申请书', 10),
  ('欠税与非正常户解除辅导', '核对欠缴税款与滞纳金，补申报后解除非正常户认定', '税务合规',
   '对欠税公告或被认定为非正常户的企业，核对欠缴税种、所属期与滞纳金，补办申报、缴纳税款、滞纳金和罚款后，向主管税务机关申请解除非正常户状态。',
   '{tax_arrears,abnormal_taxpayer}', '欠税与滞纳金测算表；补申报清单；解除认定所需资料', 20),
  ('纳税信用修复', '按规定纠正失信行为后申请纳税信用修复', '税务合规',
   '依据《国家税务总局关于纳税信用修复有关事项的公告》（国家税务总局公告2019年第37号），对符合条件的失信行为在纠正后向主管税务机关提出信用修复申请。',
   '{major_tax_violation,abnormal_taxpayer,tax_arrears}', '可修复事项清单；修复申请表；整改说明', 30),
  ('司法风险排查报告', '被执行、失信、限高、冻结与终本案件的专项排查', '司法风险',
   '汇总企业作为被执行人、失信被执行人、限制高消费、司法冻结、终本案件与裁判文书的记录，列明案号、法院、金额与日期，评估对经营与融资的影响。',
   '{executed_person,dishonest_debtor,consumption_restriction,judicial_freeze,terminated_case,judgment_document}', '排查报告（PDF）；案件明细表', 40),
  ('行政处罚与严重违法失信应对', '处罚决定书梳理、信用修复与移出严重违法失信名单', '工商合规',
   '梳理行政处罚决定书与严重违法失信名单记录，核对履行情况，按市场监督管理部门的信用修复规定准备移出或修复申请。',
   '{admin_penalty,serious_illegal}', '处罚记录梳理表；信用修复材料清单', 50),
  ('新设企业商机名单', '按地区、行业与成立时间筛选新设企业，定期交付名单', '拓客',
   '依据平台导入的工商登记数据，按您选择的地区、行业、成立时间与注册资本筛选新设企业，每月交付名单，用于代理记账与税务咨询拓客。',
   '{}', '每月新设企业名单（Excel）', 60);
