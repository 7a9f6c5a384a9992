/** Staff on day one (issue 19): wallet mode, per-user wallets and limits, refusals that say whom to ask. */
export const staff = {
  wallet: {
    title: '钱包模式',
    shared: '共用主账号余额',
    sharedHint:
      '子账号生成报告时，先用自己账户里的次数和余额，不足时从主账号的余额与次数中扣除；可为每个子账号设置每月额度。',
    own: '各自独立（划拨）',
    ownHint: '子账号只能使用划拨给自己的余额与次数，用完后需主账号或主管再次划拨。',
    saved: '钱包模式已更新',
    readOnlyShared: '本集团子账号共用主账号余额',
    readOnlyOwn: '本集团子账号使用各自划拨的余额与次数',
  },
  columns: {
    balance: '余额（元）',
    credits: '报告次数',
    monthly: '本月额度',
  },
  creditsTip: '{name}：{count} 次',
  noAssigned: '暂无分配给您的企业，请联系主账号',
  noLimit: '不限',
  usedOf: '已用 {used} / {limit}',
  usedNoLimit: '已用 {used}',
  actions: {
    transfer: '划拨',
    limit: '额度',
  },
  limit: {
    title: '每月额度：{name}',
    hint: '该账号每个自然月可从主账号余额与次数中使用的报告金额（次数按报告单价计）。留空为不限。',
    label: '每月额度（元）',
    placeholder: '不限',
    saved: '额度已更新',
    invalid: '请输入不小于 0 的金额，最多两位小数',
  },
  assign: {
    title: '批量分配负责人',
    titleFor: '分配企业给 {name}',
    pickFirms: '选择要交给该账号负责的企业（可多选），原负责人将不再看到这些企业',
    pickPerson: '已选 {count} 家企业，选择负责人',
    done: '已分配 {count} 家企业',
    action: '分配企业',
    batch: '批量分配',
  },
  cost: {
    payGroup: '从团队余额扣除 {price} 元',
    payGroupCredit: '使用团队{name}次数 1 次',
    groupLeft: '团队余额 {balance} 元',
    groupCreditsLeft: '团队剩余 {count} 次',
    limitLeft: '本月额度剩余 {left} 元',
    askTitle: '暂时无法生成',
    askMain: '请联系主账号{who}',
  },
};
