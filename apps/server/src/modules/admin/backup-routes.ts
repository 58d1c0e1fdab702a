// POST /api/admin/backup: the embedded database as PGlite dumps it (a gzipped tarball of its data
// directory), for `npm run admin -- backup FILE` while this server holds the database. Not in the
// route table: it answers bytes, not the envelope. PostgreSQL is backed up with its own tools.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { dumpEmbeddedDatabase } from '../../db/backup';
import { AppError } from '../../errors';
import { routeGroup } from '../../plugins/route-group';

export async function adminBackupRoutes(
  app: FastifyInstance,
  { db, driver }: { db: Database; driver: 'pglite' | 'postgres' },
) {
  routeGroup(app, { kind: 'admin', tag: 'admin' });
  app.post(
    '/api/admin/backup',
    {
      schema: {
        summary:
          'The embedded database as a gzipped tarball of its data directory, consistent (taken between ' +
          'transactions); `npm run admin -- backup FILE` calls it. On PostgreSQL: 409, use pg_dump',
        produces: ['application/gzip'],
        // It takes nothing: a call carrying fields is a mistake, refused before any copy is made.
        body: z.strictObject({}),
      },
    },
    async (request, reply) => {
      if (driver !== 'pglite') throw new AppError(409, 'conflict', 'errors.backupEmbeddedOnly');
      const tarball = await dumpEmbeddedDatabase(db);
      request.log.info({ bytes: tarball.length }, 'database backup taken');
      return reply.type('application/gzip').send(Buffer.from(tarball));
    },
  );
}
