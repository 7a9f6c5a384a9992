import { FileTextOutlined, SettingOutlined } from '@ant-design/icons';
import type { SessionUser } from '@taxlens/shared';
import type { ComponentType } from 'react';
import { t } from '../../locales';

/**
 * Header links to pages of the route table, by route name. While the named page does not exist
 * the entry shows disabled with 即将上线; adding the page to the table enables it.
 */
export interface HeaderEntry {
  key: string;
  label: string;
  icon: ComponentType;
  routeName: string;
  visible?: (user: SessionUser) => boolean;
  /** Shows an unread badge (99+ cap) once the feature supplies a count. */
  badge?: 'unread-reports';
}

export const HEADER_ENTRIES: readonly HeaderEntry[] = [
  {
    key: 'report-config',
    label: t('layout.header.reportConfig'),
    icon: SettingOutlined,
    routeName: 'UpWaterMark',
    // /watermark is the main account's (spec §6 and the server's findWatermark/addWatermark: level 1).
    visible: (user) => user.reportConfigPermission === 1 && user.level === 1,
  },
  {
    key: 'all-reports',
    label: t('layout.header.allReports'),
    icon: FileTextOutlined,
    routeName: 'allReport',
    badge: 'unread-reports',
  },
];
