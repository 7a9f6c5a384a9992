import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * The JSON Schema of a response, reduced to what writing it needs: types and properties. Bounds,
 * enums and consts only validate; `anyOf` of plain types (how zod writes `.nullable()` and literal
 * unions) becomes a list of types, because fast-json-stringify picks an `anyOf` branch by running a
 * validator on every value.
 */
function forWriting(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf as JsonSchema[] | undefined;
  if (branches) {
    const simple = branches.map(forWriting);
    const types = simple.flatMap((branch) => (Array.isArray(branch.type) ? branch.type : [branch.type]));
    const objects = simple.filter((branch) => branch.type === 'object' || branch.type === 'array');
    if (
      types.every((type) => typeof type === 'string' && (PRIMITIVES.has(type) || type === 'object' || type === 'array'))
    ) {
      if (objects.length === 0) return { type: [...new Set(types)] };
      if (objects.length === 1) return { ...objects[0], type: [...new Set(types)] };
    }
    return { anyOf: simple };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (['minimum', 'maximum', 'enum', 'const', 'format', 'pattern', 'minLength', 'maxLength', '$schema'].includes(key))
      continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, property]) => [name, forWriting(property)]),
      );
    } else if (key === 'items' && value && typeof value === 'object' && !Array.isArray(value)) {
      out.items = forWriting(value as JsonSchema);
    } else out[key] = value;
  }
  if (out.type === undefined && 'const' in schema) out.type = typeof schema.const === 'number' ? 'number' : 'string';
  if (out.type === undefined && Array.isArray(schema.enum))
    out.type = typeof schema.enum[0] === 'number' ? 'number' : 'string';
  return out;
}

/**
 * A route-level `serializerCompiler` for the hottest reads (findUserLoginInfo, findFirmList): the
 * response's zod schema turned into a fast-json-stringify writer once, instead of zod encoding (a
 * full validation) and JSON.stringify on every request (issue 21). Only properties the schema
 * declares are written, as zod's stripping did; the values are not validated, so use it only where
 * a typed presenter builds the answer (its API test still checks the shape).
 */
export function fastSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  const json = forWriting(z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-07' }) as JsonSchema);
  return fastJson(json as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}
