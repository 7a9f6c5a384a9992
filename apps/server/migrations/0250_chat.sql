-- Customer-service chat (issue 17; spec §2 chat dialog, §3 chat record, §7 /api/ChatRecord/*).
-- One open conversation per group: the assistant first (bot), then waiting for a human, a human
-- agent of the platform (human), closed. A new question after closing opens the next one.
CREATE TABLE chat_conversations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  -- The group user who opened it (the one the agent answers first).
  customer_id bigint REFERENCES users (id) ON DELETE SET NULL,
  state text NOT NULL DEFAULT 'bot' CHECK (state IN ('bot', 'waiting', 'human', 'closed')),
  agent_id bigint REFERENCES users (id) ON DELETE SET NULL,
  -- Why it went to a human: button, keyword, low_confidence, message.
  handover_reason text,
  waiting_since timestamptz,
  claimed_at timestamptz,
  closed_at timestamptz,
  -- The agent side's read marker (customers keep theirs per user in chat_reads).
  agent_read_id bigint NOT NULL DEFAULT 0,
  last_message_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX chat_conversations_one_open ON chat_conversations (group_id) WHERE state <> 'closed';
CREATE INDEX chat_conversations_queue ON chat_conversations (state, waiting_since) WHERE state IN ('waiting', 'human');

-- Files of the chat, checked by their bytes and kept in storage under chat/{groupId}/.
CREATE TABLE chat_files (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  storage_key text NOT NULL,
  file_name text NOT NULL,
  file_size bigint NOT NULL,
  content_type text NOT NULL,
  kind smallint NOT NULL CHECK (kind IN (1, 2)),
  uploaded_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Spec §3 chat record. channel 'ai' holds the assistant tab's questions and answers (the agent reads
-- them as context), 'human' the human tab. send_identity: 0 official service (agent or assistant),
-- 1 main account, 2 supervisor, 3 staff; msg_type 0 text, 1 image, 2 file.
CREATE TABLE chat_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
  group_id bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('ai', 'human')),
  author text NOT NULL CHECK (author IN ('customer', 'agent', 'bot')),
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  send_identity smallint NOT NULL CHECK (send_identity BETWEEN 0 AND 3),
  msg_type smallint NOT NULL CHECK (msg_type BETWEEN 0 AND 2),
  msg_content text NOT NULL,
  countent_extend jsonb,
  -- The assistant's sources: [{kind, title, link}].
  sources jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_group_channel ON chat_messages (group_id, channel, id DESC);
CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id);

-- Each group user's read marker over the human tab (findDelFlag counts what is above it).
CREATE TABLE chat_reads (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last_read_id bigint NOT NULL DEFAULT 0
);

-- The assistant's knowledge: FAQ entries the operator maintains (faq) and the product's own help (help).
-- Indexed like the policy library: character bigrams of the normalised text (policy_bigrams, 0201).
CREATE TABLE chat_knowledge (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('faq', 'help')),
  question text NOT NULL,
  answer text NOT NULL,
  -- Extra words a customer may use for the same question, comma-separated.
  keywords text NOT NULL DEFAULT '',
  link text,
  enabled boolean NOT NULL DEFAULT true,
  search_grams text[] NOT NULL DEFAULT '{}',
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_knowledge_grams ON chat_knowledge USING gin (search_grams);

CREATE TABLE chat_canned_replies (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Service hours (spec §2: workdays 9:00-18:00), one row; times in Asia/Shanghai.
CREATE TABLE chat_settings (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  workdays smallint[] NOT NULL DEFAULT '{1,2,3,4,5}',
  opens_at time NOT NULL DEFAULT '09:00',
  closes_at time NOT NULL DEFAULT '18:00',
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO chat_settings DEFAULT VALUES;

-- The product's own help, in our words; links are the pages that do it.
INSERT INTO chat_knowledge (kind, question, answer, keywords, link) VALUES
  ('help', '如何绑定客户企业？', '在“企业管理 → 企业列表”点击“绑定企业”，填写纳税人名称和统一社会信用代码即可；也可以生成客户上传链接，让客户自己填写并上传资料。', '添加企业,新增企业,绑定公司,客户企业', '/company/list'),
  ('help', '如何导入发票数据？', '进入企业详情，在数据上传处选择电子税务局导出的发票Excel（全量发票查询导出），系统会自动识别销项和进项并导入。', '上传发票,发票导入,导入发票,发票文件', '/company/list'),
  ('help', '如何生成风险报告？', '在企业列表选择企业后点击“生成报告”，选择报告类型和期间；报告生成完成后页面和右上角通知都会提醒您。', '出报告,生成检测,风险检测,做报告', '/risk/report'),
  ('help', '报告生成需要多长时间？', '一般几分钟内完成，数据量大的企业会稍长；生成过程中可以离开页面，完成后会收到通知。', '报告多久,生成很慢,等待报告', '/all-history'),
  ('help', '如何充值和查看余额？', '点击右上角头像中的“充值”或进入“充值管理”，选择套餐后支付；余额和报告次数在个人中心查看。', '充值,余额,付款,购买套餐,支付', '/pay'),
  ('help', '如何申请发票（开票）？', '在“充值管理 → 我的订单”中选择已支付订单申请开票，填写抬头和税号后提交，开好后可下载电子发票。', '开票,开发票,索取发票,报销发票', '/my/order'),
  ('help', '如何添加子账号？', '主账号在“企业管理 → 账号管理”中新增主管或员工账号，并可设置其可用菜单和月度额度。', '子账号,员工账号,新增账号,添加员工', '/company/user'),
  ('help', '如何进行发票鉴伪（查验）？', '进入“发票鉴伪”，上传发票PDF或填写发票信息即可查验真伪，每次查验消耗鉴伪次数。', '查验发票,发票真伪,鉴伪', '/ticket/jianwei'),
  ('help', '忘记密码怎么办？', '在登录页点击“忘记密码”，用注册手机号接收验证码后设置新密码（6-12位数字或英文字母）。', '找回密码,重置密码,密码错误', '/login'),
  ('help', '如何分享报告给客户？', '在报告页面点击“分享”生成链接，客户无需登录即可查看；可随时关闭分享。', '分享报告,发给客户,报告链接', '/all-history'),
  ('help', '如何查询税收政策？', '进入“政策库”，按关键词、税种或文号检索政策文件，点开可看条款内容。', '政策查询,政策库,法规,文号', '/policy'),
  ('help', '残保金怎么计算？', '使用“残保金计算器”，选择所在地区并填写上年在职职工人数、年平均工资和已安排残疾人人数即可算出应缴金额。', '残疾人就业保障金,残保金计算', '/canbaojin');
UPDATE chat_knowledge SET search_grams = policy_bigrams(policy_normalize(question || keywords || answer));
