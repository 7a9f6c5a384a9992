import { z } from './zod.js';

/**
 * Report mind maps (issue 16): the tree report → sections → findings → figures, and one layout
 * shared by the in-app viewer (React SVG with collapse) and the server's SVG export, so what the
 * user sees and what they download are drawn by the same arithmetic.
 */

export type MindTone = 'root' | 'section' | 'high' | 'medium' | 'low' | 'none' | 'insufficient' | 'figure';

export interface MindNode {
  id: string;
  title: string;
  tone: MindTone;
  children: MindNode[];
}

export const mindNodeSchema: z.ZodType<MindNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    tone: z.enum(['root', 'section', 'high', 'medium', 'low', 'none', 'insufficient', 'figure']),
    children: z.array(mindNodeSchema),
  }),
);

/** Colour themes a firm can pick for its maps (getXmindTemplateMultifile). */
export const MIND_TEMPLATES = [
  { id: 'business', name: '商务蓝', line: '#1d4ed8', root: '#1d4ed8', section: '#dbeafe' },
  { id: 'fresh', name: '清新绿', line: '#047857', root: '#047857', section: '#d1fae5' },
  { id: 'ink', name: '墨色', line: '#334155', root: '#0f172a', section: '#e2e8f0' },
] as const;
export type MindTemplateId = (typeof MIND_TEMPLATES)[number]['id'];
export const mindTemplateIdSchema = z.enum(['business', 'fresh', 'ink']);

export function mindTemplate(id: string) {
  return MIND_TEMPLATES.find((item) => item.id === id) ?? MIND_TEMPLATES[0];
}

/** Fill of a node by its tone; findings carry their risk colour. */
export const MIND_TONE_FILL: Record<Exclude<MindTone, 'root' | 'section'>, string> = {
  high: '#fee2e2',
  medium: '#ffedd5',
  low: '#fef9c3',
  none: '#ecfdf5',
  insufficient: '#f1f5f9',
  figure: '#ffffff',
};

export const mindMapItemSchema = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  reportName: z.string(),
  taxpayerName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  template: mindTemplateIdSchema,
  nodeCount: z.number().int(),
  createTime: z.string(),
});
export type MindMapItem = z.infer<typeof mindMapItemSchema>;

export interface LaidNode {
  id: string;
  title: string;
  tone: MindTone;
  depth: number;
  x: number;
  y: number;
  width: number;
  height: number;
  childCount: number;
  collapsed: boolean;
}

export interface MindLayout {
  nodes: LaidNode[];
  edges: { from: string; to: string; d: string }[];
  width: number;
  height: number;
}

const NODE_HEIGHT = 30;
const ROW_GAP = 10;
const COLUMN_GAP = 48;
const MARGIN = 24;
export const MIND_FONT_SIZE = 13;

/** Width of a title in the map's font: CJK and full-width characters are one em, others about half. */
export function mindTextWidth(text: string, fontSize = MIND_FONT_SIZE): number {
  let width = 0;
  for (const char of text) width += /[\u2e80-\uffef]/.test(char) ? fontSize : fontSize * 0.6;
  return Math.ceil(width);
}

/**
 * Logic-chart layout to the right: each subtree gets the height of its visible leaves, a parent
 * sits at the middle of its children. Collapsed nodes keep their place but hide their subtree.
 */
export function layoutMindMap(root: MindNode, collapsed: ReadonlySet<string> = new Set()): MindLayout {
  const nodes: LaidNode[] = [];
  const edges: MindLayout['edges'] = [];
  const columnX: number[] = [MARGIN];
  const columnWidth: number[] = [];
  const widthOf = (node: MindNode) => mindTextWidth(node.title, node.tone === 'root' ? 16 : MIND_FONT_SIZE) + 28;
  const measure = (node: MindNode, depth: number) => {
    columnWidth[depth] = Math.max(columnWidth[depth] ?? 0, widthOf(node));
    if (!collapsed.has(node.id)) for (const child of node.children) measure(child, depth + 1);
  };
  measure(root, 0);
  for (let depth = 1; depth < columnWidth.length; depth++) {
    columnX[depth] = (columnX[depth - 1] ?? 0) + (columnWidth[depth - 1] ?? 0) + COLUMN_GAP;
  }
  let cursor = MARGIN;
  const place = (node: MindNode, depth: number): LaidNode => {
    const open = !collapsed.has(node.id) && node.children.length > 0;
    const placed = open ? node.children.map((child) => place(child, depth + 1)) : [];
    let y: number;
    if (placed.length > 0) {
      y = ((placed[0]?.y ?? 0) + (placed[placed.length - 1]?.y ?? 0)) / 2;
    } else {
      y = cursor;
      cursor += NODE_HEIGHT + ROW_GAP;
    }
    const laid: LaidNode = {
      id: node.id,
      title: node.title,
      tone: node.tone,
      depth,
      x: columnX[depth] ?? 0,
      y,
      width: widthOf(node),
      height: NODE_HEIGHT,
      childCount: node.children.length,
      collapsed: collapsed.has(node.id) && node.children.length > 0,
    };
    nodes.push(laid);
    for (const child of placed) {
      const x1 = laid.x + laid.width;
      const y1 = laid.y + NODE_HEIGHT / 2;
      const y2 = child.y + NODE_HEIGHT / 2;
      const mid = x1 + COLUMN_GAP / 2;
      edges.push({ from: laid.id, to: child.id, d: `M${x1},${y1} C${mid},${y1} ${mid},${y2} ${child.x},${y2}` });
    }
    return laid;
  };
  place(root, 0);
  const width = Math.max(...nodes.map((node) => node.x + node.width)) + MARGIN;
  return { nodes, edges, width, height: Math.max(cursor - ROW_GAP + MARGIN, NODE_HEIGHT + 2 * MARGIN) };
}

export function countMindNodes(node: MindNode): number {
  return 1 + node.children.reduce((sum, child) => sum + countMindNodes(child), 0);
}

/** A node's fill under a template: the template colours the root and sections, risk colours the findings. */
export function mindNodeFill(tone: MindTone, templateId: string): string {
  const template = mindTemplate(templateId);
  if (tone === 'root') return template.root;
  if (tone === 'section') return template.section;
  return MIND_TONE_FILL[tone];
}
