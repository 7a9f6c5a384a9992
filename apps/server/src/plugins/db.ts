import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Db } from '../db/kysely.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

/** Makes the database handle and the config available to every module. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; config: Config }) => {
    app.decorate('db', options.db);
    app.decorate('config', options.config);
  },
  { name: 'db' },
);
