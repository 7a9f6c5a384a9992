import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';

/**
 * Dates in Chinese (weekday and month names, antd's pickers). Every `import dayjs from 'dayjs'`
 * resolves here (build/dayjs-zh.ts), so the locale is set wherever dayjs is loaded, before the
 * importing module runs; screens that show no date load neither (issue 21).
 */
dayjs.locale('zh-cn');

export default dayjs;
