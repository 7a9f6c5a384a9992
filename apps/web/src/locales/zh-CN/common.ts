/** Words used across the whole client. zh-CN is the source locale. */
export const common = {
  appName: '税镜',
  appFullName: '税镜 TaxLens',
  slogan: '企业税务风险检测平台',
  comingSoon: '即将上线',
  confirm: '确定',
  cancel: '取消',
  tip: '提示',
  yuanSymbol: '¥',
  showBalance: '显示余额',
  hideBalance: '隐藏余额',
  loading: '加载中…',
  backHome: '返回首页',
  reload: '刷新页面',
  /** A card or page whose data did not load (LoadError). */
  loadFailed: '数据加载失败',
  reloadData: '重新加载',
};
