import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';

const FORM = 'application/x-www-form-urlencoded';

/**
 * Spec §7: the client sends some POSTs form-encoded ("POST form"). Every POST accepts them as well
 * as JSON. A form carries only strings, so before validation each field is turned into what the
 * route's zod body schema expects (numbers, booleans, numeric literals, arrays, nested JSON), and
 * the same schema then validates it exactly as it validates JSON.
 */
export const formBodyPlugin = fp(
  async (app: FastifyInstance) => {
    app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      const fields: Record<string, string | string[]> = {};
      for (const [key, value] of new URLSearchParams(String(body))) {
        const name = key.endsWith('[]') ? key.slice(0, -2) : key;
        const known = fields[name];
        fields[name] = known === undefined ? value : [...[known].flat(), value];
      }
      done(null, fields);
    });
    app.addHook('preValidation', async (request) => {
      if (!isForm(request) || !request.body || typeof request.body !== 'object') return;
      const schema = request.routeOptions.schema?.body as z.ZodType | undefined;
      if (schema) request.body = coerceFormFields(schema, request.body as Record<string, unknown>);
    });
  },
  { name: 'form-body' },
);

function isForm(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM);
}

/** The schema's kind under its optional / nullable / default / pipe wrappers. */
function baseDef(schema: z.ZodType): { type: string; [key: string]: unknown } {
  let def = (schema as unknown as { _zod: { def: { type: string; [key: string]: unknown } } })._zod.def;
  for (let depth = 0; depth < 10; depth++) {
    const inner = (def.innerType ?? (def.type === 'pipe' ? def.in : undefined)) as z.ZodType | undefined;
    if (!inner || !['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'pipe'].includes(def.type))
      break;
    def = (inner as unknown as { _zod: { def: typeof def } })._zod.def;
  }
  return def;
}

/** Object fields of the body schema (a refined object still has its shape underneath). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const def = baseDef(schema);
  return def.type === 'object' ? (def.shape as Record<string, z.ZodType>) : null;
}

export function coerceFormFields(schema: z.ZodType, body: Record<string, unknown>): Record<string, unknown> {
  const shape = shapeOf(schema);
  if (!shape) return body;
  const out: Record<string, unknown> = { ...body };
  for (const [key, field] of Object.entries(shape)) {
    if (key in out) out[key] = coerceValue(field, out[key]);
  }
  return out;
}

function coerceValue(schema: z.ZodType, value: unknown): unknown {
  const def = baseDef(schema);
  if (Array.isArray(value) && def.type !== 'array') return value;
  if (typeof value !== 'string') {
    return def.type === 'array' && Array.isArray(value)
      ? value.map((item) => coerceValue(def.element as z.ZodType, item))
      : value;
  }
  switch (def.type) {
    case 'number':
    case 'int':
      return value.trim() === '' ? undefined : Number(value);
    case 'boolean':
      return value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
    case 'literal':
    case 'union':
      return literalFrom(def, value);
    case 'array':
      return value.trim().startsWith('[') ? parseJson(value) : [coerceValue(def.element as z.ZodType, value)];
    case 'object':
    case 'record':
      return parseJson(value);
    default:
      return value;
  }
}

/** A numeric literal (or a union of them, like type 1 | 2 | 3) arrives as "2". */
function literalFrom(def: { type: string; [key: string]: unknown }, value: string): unknown {
  const options = (def.type === 'union' ? (def.options as z.ZodType[]) : []).map(baseDef);
  const literals = def.type === 'literal' ? (def.values as unknown[]) : options.flatMap((o) => (o.values as []) ?? []);
  const numeric = Number(value);
  if (value.trim() !== '' && literals.includes(numeric)) return numeric;
  if (options.some((o) => o.type === 'number' || o.type === 'int') && value.trim() !== '' && !Number.isNaN(numeric))
    return numeric;
  return value;
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
