/** Sign-in screen. Validation messages come from the shared zod schemas (spec §5). */
export const auth = {
  brandTitle: '税镜 TaxLens',
  brandHeadline: '企业税务风险，一镜洞察',
  brandSubtitle: '面向财税服务机构的企业税务风险检测平台',
  brandPoints: {
    reports: '发票穿透、经营风险、综合税务风险多维检测',
    clients: '客户企业集中管理，数据授权与上传一站完成',
    team: '主账号、主管、员工分级授权，协同服务客户',
  },
  formTitle: '欢迎登录',
  formSubtitle: '使用手机号和密码登录您的机构账号',
  tabPassword: '密码登录',
  tabCode: '验证码登录',
  phonePlaceholder: '请输入手机号',
  passwordPlaceholder: '请输入密码（6-12位数字或英文）',
  rememberPhone: '记住手机号',
  forgotPassword: '忘记密码',
  submit: '登录',
  noAccount: '还没有账号？',
  register: '立即注册',
  agreementPrefix: '登录即表示您同意平台的',
  // The headings of the screen's other modes and the legal links: here, not in the accounts and
  // staff sections, so the sign-in screen does not load those sections whole (issue 21).
  modes: {
    codeSubtitle: '使用手机号和短信验证码登录',
    registerTitle: '注册账号',
    registerSubtitle: '注册后绑定账户主体（您的机构）即可开始使用',
    resetTitle: '找回密码',
    resetSubtitle: '通过短信验证码设置新密码',
    haveAccount: '已有账号？',
    backToLogin: '返回登录',
  },
  legal: {
    consentPrefix: '我已阅读并同意',
    terms: '《服务条款》',
    and: '和',
    privacy: '《隐私政策》',
  },
};
