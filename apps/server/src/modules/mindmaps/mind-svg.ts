import { layoutMindMap, MIND_FONT_SIZE, type MindNode, mindNodeFill, mindTemplate } from '@taxlens/shared';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

/** The whole map, fully expanded, as one standalone SVG (its viewBox is the full map, never a viewport). */
export function renderMindSvg(root: MindNode, templateId: string): string {
  const template = mindTemplate(templateId);
  const layout = layoutMindMap(root);
  const parts: string[] = [];
  for (const edge of layout.edges) {
    parts.push(`<path d="${edge.d}" fill="none" stroke="${template.line}" stroke-width="1.5"/>`);
  }
  for (const node of layout.nodes) {
    const isRoot = node.tone === 'root';
    const fill = mindNodeFill(node.tone, templateId);
    const size = isRoot ? 16 : MIND_FONT_SIZE;
    parts.push(
      `<g><rect x="${node.x}" y="${node.y}" width="${node.width}" height="${node.height}" rx="6" fill="${fill}" stroke="${template.line}" stroke-width="${isRoot ? 0 : 1}"/>` +
        `<text x="${node.x + 14}" y="${node.y + node.height / 2}" dominant-baseline="central" font-size="${size}" fill="${isRoot ? '#ffffff' : '#0f172a'}">${escapeXml(node.title)}</text></g>`,
    );
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" font-family="'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>${parts.join('')}</svg>`
  );
}
