// The database's own identity (database_identity, written once by the migrations): the processes
// that reach one database read the same id whatever their DATABASE_URL says (localhost or an
// address, parameters, another user, a pooler), and a second database never has the same one.
import { asc } from 'drizzle-orm';
import type { Queryable } from './client';
import { databaseIdentity } from './tables';

export async function databaseId(db: Queryable): Promise<string> {
  const [row] = await db
    .select({ id: databaseIdentity.id })
    .from(databaseIdentity)
    .orderBy(asc(databaseIdentity.id))
    .limit(1);
  // Only a hand-made change can empty it: the migrations write it before any process starts.
  if (!row)
    throw new Error('database_identity holds no id: the database was not migrated, or its row was deleted');
  return row.id;
}
