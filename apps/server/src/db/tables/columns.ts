import type { ColumnType, Generated } from 'kysely';

/** Column helpers shared by the per-domain row types in this folder. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default. */
export type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T> = ColumnType<T, string | undefined, string>;
/** bigint columns: the pg type parser in kysely.ts turns them into safe integers. */
export type BigId = number;
export type GeneratedId = Generated<number>;
