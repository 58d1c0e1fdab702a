// Column types every table shares.
import { numeric, timestamp } from 'drizzle-orm/pg-core';

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Money: NUMERIC(38,18), kept exactly. */
export const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
