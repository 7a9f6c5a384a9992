/** Page titles of the route table (document title and menu text). */
export const routes = {
  login: '登录',
  home: '工作台',
  notFound: '页面不存在',
};
