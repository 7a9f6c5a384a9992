import { titles } from './titles';
/** Data view (issue 14): the dark dashboards, monitoring, client analysis and industry insight. */
export const dataView = {
  routes: titles.dataView,
  nav: { label: '数据视图导航' },
  chart: {
    exportPng: '导出 PNG',
    loading: '图表加载中…',
    empty: '暂无数据',
    exportFailed: '图表尚未绘制完成，请稍后再试',
  },
  placeholder: {
    title: '页面建设中',
    body: '该数据视图页面正在开发，完成后将在此处开放。',
  },
  guide: {
    title: '数据视图：行业分析、企业监控与客户分析',
    body: '数据视图把贵机构客户企业的报告结果与公示数据汇总成看板：按行业比较风险、实时监控客户企业的司法与经营异常变化、分析客户组合。开通后即可使用。',
    points: [
      '企业监控：加入监控的企业出现新增诉讼、经营异常、纳税信用等级变化、重大税收违法或发票风险升级时，自动提醒。',
      '客户分析：风险等级分布、各类报告按月统计、数据过期客户与主要风险项。',
      '行业分析：按行业排名客户风险，并与平台整体基准对比。',
    ].join('\n'),
    contact: '请联系您的客户经理开通数据服务。',
    back: '返回工作台',
    title2: '数据服务已到期',
    body2: '贵机构的数据服务已到期或暂停，监控与分析数据不再更新。续订后原有监控企业与历史记录将继续保留。',
    contact2: '请联系您的客户经理续订数据服务。',
  },
};
