// The chunk LazyPopup.tsx loads: antd's Popover and Tooltip with their styles and placements.
export { Popover, Tooltip } from 'antd';
