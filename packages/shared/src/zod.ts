import { z } from 'zod';

// Default validation messages in Chinese; the spec's own messages are set on each schema.
// Here rather than in index.ts so that importing a constant or a formatter from this package does
// not pull zod into a browser chunk: only modules that build a schema import this one (issue 21).
z.config(z.locales.zhCN());

export { z };
