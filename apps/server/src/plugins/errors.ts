import { ERRORS, fieldErrorsOf } from '@taxlens/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error.js';

/**
 * The one place where errors become `{ code, msg, data }` answers with a real HTTP status.
 * Details of unexpected errors go to the log, never to the client.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
      if (error instanceof AppError) {
        if (error.status >= 500) request.log.error({ err: error }, 'app error');
        return reply.status(error.status).send({ code: error.code, msg: error.message, data: error.data });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const zodPath = (issue.params as { issue?: { path?: PropertyKey[] } }).issue?.path;
          const key =
            issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || zodPath?.map(String).join('.') || '_';
          fields[key] ??= issue.message ?? '格式不正确';
        }
        return reply.status(400).send(validationBody(fields));
      }
      if (error instanceof ZodError) return reply.status(400).send(validationBody(fieldErrorsOf(error)));
      const status = (error as FastifyError).statusCode ?? 500;
      if ((error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        // A JSON or form body, not a file: say so, with the route's own limit.
        const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 1024 * 1024;
        const size = limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)}MB` : `${Math.round(limit / 1024)}KB`;
        return reply
          .status(413)
          .send({ code: ERRORS.PAYLOAD_TOO_LARGE.code, msg: `请求内容过大，不可超过${size}`, data: null });
      }
      if (status === 413 || (error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
        return reply.status(413).send(body('PAYLOAD_TOO_LARGE'));
      }
      if (status === 429) return reply.status(429).send(body('TOO_MANY_REQUESTS'));
      if (status >= 400 && status < 500) {
        // Malformed JSON, wrong content type and the like.
        return reply.status(400).send({ code: ERRORS.VALIDATION.code, msg: '请求格式不正确', data: null });
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send(body('INTERNAL'));
    });
  },
  { name: 'errors' },
);

function body(name: keyof typeof ERRORS) {
  return { code: ERRORS[name].code, msg: ERRORS[name].msg, data: null };
}

/**
 * The message is shown to the user as it is (spec §8), so it carries no field code; `data.fields`
 * names each field for forms and API clients.
 */
function validationBody(fields: Record<string, string>) {
  const [first] = Object.entries(fields);
  const msg = first ? first[1] : ERRORS.VALIDATION.msg;
  return { code: ERRORS.VALIDATION.code, msg, data: { fields } };
}
