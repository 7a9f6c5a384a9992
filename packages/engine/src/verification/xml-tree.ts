/**
 * XML to a plain tree without namespace prefixes, for the invoice readers. Signatures are
 * dropped before parsing (domain facts §8.3: strip signatures before searching).
 */
import { XMLParser } from 'fast-xml-parser';

export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | number | boolean | XmlNode | XmlValue[] | undefined;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

export function parseXml(text: string): XmlNode {
  const stripped = text.replace(/<(\w+:)?Signature\b[\s\S]*?<\/(\w+:)?Signature>/g, '');
  return parser.parse(stripped) as XmlNode;
}

/** The child at a path of element names; arrays answer their first element. */
export function at(node: XmlValue, ...path: string[]): XmlValue {
  let current: XmlValue = node;
  for (const name of path) {
    if (Array.isArray(current)) current = current[0];
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as XmlNode)[name];
  }
  return current;
}

/** Text of a node (element text, or the `#text` of one with attributes), trimmed; null when empty. */
export function textAt(node: XmlValue, ...path: string[]): string | null {
  let value = at(node, ...path);
  if (Array.isArray(value)) value = value[0];
  if (value && typeof value === 'object') value = (value as XmlNode)['#text'];
  if (value === undefined || value === null || typeof value === 'object') return null;
  const text = String(value).trim();
  return text.length > 0 ? text : null;
}

/** A node that may repeat, as a list. */
export function listAt(node: XmlValue, ...path: string[]): XmlValue[] {
  const value = path.length > 0 ? at(node, ...path.slice(0, -1)) : node;
  const last = path.at(-1);
  const items =
    last === undefined
      ? value
      : Array.isArray(value)
        ? value.flatMap((item) => listOf(item, last))
        : listOf(value, last);
  return Array.isArray(items) ? items : items === undefined ? [] : [items];
}

function listOf(value: XmlValue, name: string): XmlValue[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  const child = (value as XmlNode)[name];
  if (child === undefined) return [];
  return Array.isArray(child) ? child : [child];
}

/** Depth-first: the first element of that name anywhere below the node. */
export function findFirst(node: XmlValue, name: string): XmlValue {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findFirst(item, name);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!node || typeof node !== 'object') return undefined;
  if (name in node) return (node as XmlNode)[name];
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    const found = findFirst(child, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Text of the first element of that name anywhere below the node. */
export function findText(node: XmlValue, name: string): string | null {
  const found = findFirst(node, name);
  return found === undefined ? null : textAt({ v: found }, 'v');
}

/** Every element below the node as [name, text] pairs, in document order (for name-pattern lookups). */
export function leafTexts(node: XmlValue, out: [string, string][] = [], name = ''): [string, string][] {
  if (Array.isArray(node)) {
    for (const item of node) leafTexts(item, out, name);
    return out;
  }
  if (node === undefined || node === null) return out;
  if (typeof node !== 'object') {
    const text = String(node).trim();
    if (text) out.push([name, text]);
    return out;
  }
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    leafTexts(child, out, key === '#text' ? name : key);
  }
  return out;
}
