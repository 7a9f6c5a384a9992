import { randomUUID } from 'node:crypto';
import { type MindNode, mindNodeFill } from '@taxlens/shared';
import JSZip from 'jszip';

/**
 * The .xmind file of a map in the XMind Zen layout: a zip with content.json (the sheets and their
 * topic trees), metadata.json and manifest.json. XMind 2020+ opens it; the tree is the only content.
 */
interface XmindTopic {
  id: string;
  class: 'topic';
  title: string;
  structureClass?: string;
  style?: { id: string; properties: Record<string, string> };
  children?: { attached: XmindTopic[] };
}

function topicOf(node: MindNode, templateId: string): XmindTopic {
  const fill = mindNodeFill(node.tone, templateId);
  const topic: XmindTopic = {
    id: randomUUID(),
    class: 'topic',
    title: node.title,
    style: {
      id: randomUUID(),
      properties: { 'svg:fill': fill, ...(node.tone === 'root' ? { 'fo:color': '#ffffff' } : {}) },
    },
  };
  if (node.children.length > 0) topic.children = { attached: node.children.map((child) => topicOf(child, templateId)) };
  return topic;
}

export async function writeXmind(root: MindNode, templateId: string): Promise<Buffer> {
  const rootTopic = { ...topicOf(root, templateId), structureClass: 'org.xmind.ui.logic.right' };
  const content = [{ id: randomUUID(), class: 'sheet', title: root.title, rootTopic }];
  const zip = new JSZip();
  zip.file('content.json', JSON.stringify(content));
  zip.file('metadata.json', JSON.stringify({ creator: { name: 'TaxLens', version: '1.0' } }));
  zip.file('manifest.json', JSON.stringify({ 'file-entries': { 'content.json': {}, 'metadata.json': {} } }));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export interface ReadTopic {
  title: string;
  children: ReadTopic[];
}

/** Reads the first sheet's topic tree back (used to prove an export is a well-formed file). */
export async function readXmind(bytes: Buffer): Promise<{ files: string[]; root: ReadTopic }> {
  const zip = await JSZip.loadAsync(bytes);
  const content = await zip.file('content.json')?.async('string');
  if (!content) throw new Error('content.json 缺失');
  const sheets = JSON.parse(content) as { rootTopic: XmindTopic }[];
  const first = sheets[0];
  if (!first) throw new Error('没有画布');
  const read = (topic: XmindTopic): ReadTopic => ({
    title: topic.title,
    children: (topic.children?.attached ?? []).map(read),
  });
  return { files: Object.keys(zip.files).sort(), root: read(first.rootTopic) };
}
