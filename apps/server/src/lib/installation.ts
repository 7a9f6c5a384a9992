import type { Db, DbOrTx } from '../db/kysely.js';
import { ensureSecret } from './secrets.js';
import { tagOf } from './tokens.js';

const cache = new WeakMap<object, Promise<string>>();

/** The installation's token tag (see newSessionToken), read once per database handle. */
export function installationTag(db: Db | DbOrTx): Promise<string> {
  let tag = cache.get(db);
  if (!tag) {
    tag = ensureSecret(db, 'installation_secret').then(tagOf);
    cache.set(db, tag);
    tag.catch(() => cache.delete(db));
  }
  return tag;
}
