-- Product centre and ecological mall (/product-center, /mall1): the one catalogue of migration 0240
-- gains what a shop item needs. kind 'platform' = the platform's own services (product centre and
-- the data view's recommendations), 'partner' = partners' offers (mall). price_fen NULL means
-- "inquiry only"; a priced item is bought from the wallet balance (ledger reason mall_purchase).
-- grant_asset/grant_count: an item that adds credits to the buyer's wallet (the ledger's assets
-- 1-8) is delivered at once; any other item is delivered by people, who follow the request up.
ALTER TABLE data_server_deliveries
  ADD COLUMN kind text NOT NULL DEFAULT 'platform' CHECK (kind IN ('platform', 'partner')),
  ADD COLUMN price_fen bigint CHECK (price_fen IS NULL OR price_fen > 0),
  ADD COLUMN partner_name text,
  ADD COLUMN cover_image_key text,
  ADD COLUMN recommended boolean NOT NULL DEFAULT false,
  ADD COLUMN grant_asset smallint CHECK (grant_asset BETWEEN 1 AND 8),
  ADD COLUMN grant_count integer CHECK (grant_count > 0),
  ADD CONSTRAINT data_server_deliveries_grant CHECK ((grant_asset IS NULL) = (grant_count IS NULL)),
  ADD CONSTRAINT data_server_deliveries_grant_priced CHECK (grant_asset IS NULL OR price_fen IS NOT NULL),
  ADD CONSTRAINT data_server_deliveries_partner CHECK (kind <> 'partner' OR partner_name IS NOT NULL);

-- A request is an inquiry (contact form) or a purchase paid from the balance; both are followed up
-- with the same states. A purchase keeps its price, its ledger row and the buyer's request key
-- (the same key buys once however often it is sent).
ALTER TABLE data_server_delivery_requests
  ADD COLUMN kind text NOT NULL DEFAULT 'inquiry' CHECK (kind IN ('inquiry', 'purchase')),
  ADD COLUMN order_no text,
  ADD COLUMN price_fen bigint,
  ADD COLUMN ledger_entry_id bigint REFERENCES ledger_entries (id),
  ADD COLUMN request_key text,
  ADD CONSTRAINT data_server_delivery_requests_purchase CHECK (
    kind = 'inquiry' OR (order_no IS NOT NULL AND price_fen > 0 AND ledger_entry_id IS NOT NULL));
CREATE UNIQUE INDEX data_server_delivery_requests_key ON data_server_delivery_requests (group_id, request_key)
  WHERE request_key IS NOT NULL;
CREATE UNIQUE INDEX data_server_delivery_requests_order_no ON data_server_delivery_requests (order_no)
  WHERE order_no IS NOT NULL;

-- The partner names are invented for the demo and say so.
-- Prices of the platform services written for 0240 (the others stay inquiry only) and the two the
-- product centre recommends.
UPDATE data_server_deliveries SET price_fen = 68000, recommended = true WHERE title = '司法风险排查报告';
UPDATE data_server_deliveries SET price_fen = 180000, recommended = true WHERE title = '纳税信用修复';
UPDATE data_server_deliveries SET price_fen = 30000 WHERE title = '新设企业商机名单';

INSERT INTO data_server_deliveries
  (kind, title, subheading, label, description, deliverables, sort_order, price_fen, recommended, grant_asset, grant_count, partner_name)
VALUES
  ('platform', '发票鉴伪次数包（200 次）', '批量查验增值税发票真伪，次数即买即到账', '次数包',
   '购买后 200 次发票鉴伪次数立即计入您的账户，可在「发票鉴伪」中逐张或批量查验发票，查验结果可导出。次数长期有效，可划拨给子账号使用。',
   '200 次发票鉴伪次数（即时到账）', 70, 16000, true, 7, 200, NULL),
  ('partner', '社保与公积金代理申报', '为客户企业按月办理社保、公积金增减员与申报', '人事社保',
   '由合作机构的专员对接您的客户企业，按月办理社会保险与住房公积金的增员、减员、基数调整与申报缴纳，并提供月度缴费明细。具体价格按参保人数与城市报价。',
   '开户与增减员办理；月度缴费明细表', 110, NULL, true, NULL, NULL, '衡信人力资源服务（演示合作机构）'),
  ('partner', '商标注册申请代理', '商标查询、分类建议与注册申请递交', '知识产权',
   '合作机构的商标代理人先做近似查询并给出类别建议，再准备申请书件并向国家知识产权局商标局递交，跟踪受理、审查与公告进度。价格为一个类别的代理费，不含官费。',
   '近似查询报告；申请书件；受理通知书', 120, 80000, false, NULL, NULL, '知衡知识产权代理（演示合作机构）'),
  ('partner', '企业银行对公账户开户协助', '预约网点、准备资料、陪同办理开户', '银行服务',
   '合作机构协助新设企业准备对公账户开户资料、预约银行网点并陪同法定代表人办理，开户后协助开通网银与代发工资。',
   '开户资料清单；网点预约；开户陪同', 130, 50000, false, NULL, NULL, '安汇企业服务（演示合作机构）'),
  ('partner', '财务软件与电子发票服务', '代账软件、电子发票开具与归档的企业版方案', '软件服务',
   '合作软件厂商提供代理记账软件与电子发票开具、归档的企业版方案，按账套数量与开票量报价，提供上门培训与数据迁移。',
   '方案与报价单；上线培训；数据迁移', 140, NULL, false, NULL, NULL, '云账通软件科技（演示合作机构）');
