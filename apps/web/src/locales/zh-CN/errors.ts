/** Messages of spec §8, verbatim, plus the pages that show errors. */
export const errors = {
  requestFailed: '接口请求失败',
  illegalRequest: '当前账号登录环境异常，请换个浏览器或清空浏览器缓存重试',
  sessionExpired: '登录信息已失效',
  timeout: '请求超时，请刷新重试',
  network: '网络错误',
  noPermission: '当前用户没有权限，请联系管理员',
  noPermissionTitle: '提示',
  notGroupUser: '请先绑定账户主体',
  notFoundTitle: '页面不存在',
  notFoundDescription: '您访问的页面不存在或已被移除，请检查网址是否正确。',
  pageErrorTitle: '页面加载失败',
  pageErrorDescription: '页面加载出现问题，请刷新后重试。',
};
