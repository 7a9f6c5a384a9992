import type { LocaleSection } from '../types';
import type { staff as source } from '../zh-CN/staff';

export const staff: LocaleSection<typeof source> = {
  wallet: {
    title: 'Wallet mode',
    shared: 'Share the main account’s wallet',
    sharedHint:
      'A sub-account first uses its own credits and balance, then the main account’s; a monthly limit can be set per sub-account.',
    own: 'Separate wallets (transfers)',
    ownHint: 'A sub-account uses only what was transferred to it.',
    saved: 'Wallet mode updated',
    readOnlyShared: 'Sub-accounts of this group share the main account’s wallet',
    readOnlyOwn: 'Sub-accounts of this group use what is transferred to them',
  },
  columns: { balance: 'Balance (¥)', credits: 'Credits', monthly: 'Monthly limit' },
  creditsTip: '{name}: {count}',
  noAssigned: 'No company is assigned to you yet; please contact the main account',
  noLimit: 'No limit',
  usedOf: 'Used {used} / {limit}',
  usedNoLimit: 'Used {used}',
  actions: { transfer: 'Transfer', limit: 'Limit' },
  limit: {
    title: 'Monthly limit: {name}',
    hint: 'What this account may spend from the main account’s wallet per calendar month (credits count at report price). Empty: no limit.',
    label: 'Monthly limit (¥)',
    placeholder: 'No limit',
    saved: 'Limit updated',
    invalid: 'Enter an amount of at least 0 with at most two decimals',
  },
  assign: {
    title: 'Assign companies',
    titleFor: 'Assign companies to {name}',
    pickFirms: 'Choose the companies this account will serve; their former assignees stop seeing them',
    pickPerson: '{count} companies chosen; choose who serves them',
    done: '{count} companies assigned',
    action: 'Assign companies',
    batch: 'Assign selected',
  },
  clientUpload: {
    title: 'Client upload link',
    bound: 'The client filled in the company details of {name}',
    uploaded: 'The client uploaded data for {name}: {file}',
    view: 'Open company',
    bannerUploads: 'The client uploaded {count} files through client upload links',
    bannerBound: 'The client filled in the company details; no file yet',
    bannerLatest: 'Latest link created {time}',
    bannerOpen: 'Open client upload links',
  },
  cost: {
    payGroup: '{price} yuan from the group balance',
    payGroupCredit: 'One group {name} credit',
    groupLeft: 'Group balance {balance} yuan',
    groupCreditsLeft: '{count} left in the group',
    limitLeft: '{left} yuan left of this month’s limit',
    askTitle: 'Cannot generate now',
    askMain: 'Please contact the main account {who}',
  },
};
