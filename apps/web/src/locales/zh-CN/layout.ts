/** Main layout: icon menu, aside, header, user popover and chat entry. */
export const layout = {
  menuGroups: {
    home: '首页',
    enablement: '赋能服务',
    toker: '智能拓客',
    company: '企业管理',
    recharge: '充值管理',
  },
  asideCollapse: '收起菜单',
  asideExpand: '展开菜单',
  header: {
    noSubject: '无账户主体',
    bindSubject: '去绑定账户主体',
    reportConfig: '报告配置',
    allReports: '全部报告',
    customerService: '客服',
  },
  user: {
    phone: '手机号',
    group: '账户主体',
    level: '账号级别',
    balance: '账户余额',
    recharge: '充值',
    mainBodyInfo: '主体信息',
    changePassword: '修改密码',
    changePhone: '更换手机号',
    headerTheme: '顶栏颜色',
    logout: '退出登录',
    logoutConfirm: '确认退出登录？',
  },
  chat: {
    entry: '在线客服',
    /** Before the page title while unread messages wait (the chat entry, the agents' console). */
    newMessage: '【新消息】',
    title: '在线客服',
    hours: '服务时间：工作日 9:00-18:00',
    pending: '在线客服即将上线，如需帮助请联系您的客户经理。',
  },
};
