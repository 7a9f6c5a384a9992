import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';

/**
 * Dates in Chinese (weekday and month names, antd's pickers). Loaded with the layouts that show
 * dates (withApp in lazy-route.ts), not by main.tsx: the sign-in screen shows none (issue 21).
 */
dayjs.locale('zh-cn');
