/** Business constants and limits of spec §9, in one place so client and server agree. */
export const LIMITS = {
  requestTimeoutMs: 20_000,
  longUploadTimeoutMs: 20 * 60_000,
  passwordMin: 6,
  passwordMax: 12,
  smsCodeLength: 6,
  phoneLength: 11,
  smsResendSeconds: 60,
  smsCodeValidMinutes: 5,
  smsDailyLimitPerPhone: 10,
  /** Codes one client address may request in an hour, over all phones (an office shares one address). */
  smsHourlyLimitPerIp: 60,
  smsMaxWrongTries: 5,
  loginMaxFailures: 5,
  loginLockMinutes: 15,
  chatPageSize: 6,
  chatTextMax: 500,
  chatImageMaxBytes: 5 * 1024 * 1024,
  chatFileMaxBytes: 50 * 1024 * 1024,
  uploadMaxBytes: 50 * 1024 * 1024,
  socketHeartbeatMs: 60_000,
  socketReconnectMs: 5_000,
  dataPriceMessageDelayMs: 5_000,
  mindMapReminderMs: 5 * 60_000,
  reportStatePollMs: 6_000,
  payDialogLoginWindowMs: 5_000,
  notificationAutoCloseMs: 5_000,
  purchaseWarningDelayMs: 5_000,
  bannerRequestType: 7,
  bannerCloseRememberMs: 24 * 3600_000,
  countdownCapMs: 30 * 60_000,
  unreadBadgeCap: 99,
  mobileBreakpointPx: 900,
  asideWidthPx: 210,
  tokenRecordExpiryMs: 5 * 60_000,
  detailsLoadDelayMs: 200,
  monitorCountLoadDelayMs: 600,
  errorToastSeconds: 2,
  logoutDelayMs: 1_000,
} as const;

/** Auto-delete options of spec §2/§5 in days; 15 is the default. */
export const AUTO_DELETE_DAYS = [7, 15, 180, 365] as const;
export const AUTO_DELETE_DEFAULT_DAYS = 15;

/** The overlay of spec §2 shows when flowTime is null or above this and tokerUser is 0. */
export const NO_PERMISSION_FLOW_TIME_HOURS = 48;

/** Comprehensive reports generated from this instant use the current method (spec §9). */
export const COMPREHENSIVE_START_NODE = '2025-07-31T14:01:00+08:00';

export const PREFERRED_AUTH_CITY_CODES = ['210200', '370200', '440300', '330200', '350200'] as const;
export const FALLBACK_AUTH_CITY_CODE = '110000';

/** Business dates and periods are reckoned in this zone (DESIGN.md §4). */
export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';
