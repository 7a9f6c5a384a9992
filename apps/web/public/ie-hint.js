/*
 * The IE hint of spec §2. Internet Explorer cannot run the client (ES modules), so this classic
 * script — written for old browsers, no modern syntax — is the one part that does run there: it
 * tells the user to switch to Chrome instead of leaving a blank page.
 */
(() => {
  var ua = window.navigator.userAgent || '';
  var isIE = !!document.documentMode || ua.indexOf('MSIE ') >= 0 || ua.indexOf('Trident/') >= 0;
  if (!isIE) return;
  function show() {
    var box = document.createElement('div');
    box.id = 'ie-hint';
    box.setAttribute('role', 'alert');
    var s = box.style;
    s.position = 'fixed';
    s.left = '0';
    s.right = '0';
    s.top = '0';
    s.zIndex = '10000';
    s.padding = '14px 20px';
    s.background = '#fffbe6';
    s.borderBottom = '1px solid #ffe58f';
    s.color = '#262626';
    s.fontSize = '14px';
    s.textAlign = 'center';
    s.fontFamily = 'Microsoft YaHei, sans-serif';
    box.innerHTML =
      '您正在使用 Internet Explorer 浏览器，税镜无法在其中正常使用。推荐使用 ' +
      '<a href="https://www.google.cn/chrome/" target="_blank" rel="noopener noreferrer">Chrome 浏览器</a>' +
      '（或新版 Edge）访问。';
    document.body.insertBefore(box, document.body.firstChild);
  }
  if (document.body) show();
  else document.addEventListener('DOMContentLoaded', show);
})();
