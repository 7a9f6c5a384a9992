import type { LocaleSection } from '../types';
import type { mindMap as source } from '../zh-CN/mind-map';

export const mindMap: LocaleSection<typeof source> = {
  routes: { list: 'Mind maps', view: 'Mind map', guide: 'About mind maps' },
  list: {
    intro:
      'Turn finished reports into maps of report → sections → findings → figures; view them here or export XMind and SVG files.',
    generate: 'Generate mind maps',
    pickReports: 'Pick finished reports (at most {limit} at once)',
    template: 'Template',
    pending: '{count} finished reports have no mind map yet',
    company: 'Company',
    report: 'Report',
    period: 'Period',
    nodes: 'Nodes',
    created: 'Created',
    actions: 'Actions',
    view: 'View',
    xmind: 'Export XMind',
    svg: 'Export SVG',
    png: 'Export PNG',
    pdf: 'Export PDF',
    delete: 'Delete',
    confirmDelete: 'Delete this mind map? The report itself stays.',
    empty: 'No mind maps yet',
  },
  viewer: {
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    reset: 'Reset',
    hint: 'Drag to pan, scroll to zoom, click a topic with children to fold or unfold it.',
    back: 'Back to the list',
  },
  guide: {
    title: 'Mind maps',
    body: 'Mind maps lay out a report’s sections, findings and key figures on one page. Your account does not have the mind-map service yet; ask your account manager to open it.',
  },
};
