// The schema values of every route in ../routes, for the server (which validates, serializes and
// documents with them): one module per feature, each route's schemas under the route's name. The
// route table takes its wire types from these modules with type-only imports, so the web carries no
// zod; the `satisfies` below holds the two together: a route without schemas, or with others than
// its types say, does not compile.
import * as routes from '../routes/index';
import type { Route, SchemasOf, Wire } from '../routes/route';
import { account } from './account';
import { admin } from './admin';
import { contractGame } from './contract-game';
import { deposit } from './deposit';
import { flip } from './flip';
import { invite } from './invite';
import { vip } from './vip';
import { feedback } from './feedback';
import { push } from './push';
import { notifications } from './notifications';
import { plays } from './plays';
import { health } from './health';
import { market } from './market';
import { wallet } from './wallet';
import { withdraw } from './withdraw';

type Table = typeof routes;

const schemas = {
  account,
  wallet,
  deposit,
  withdraw,
  market,
  contractGame,
  flip,
  invite,
  vip,
  feedback,
  push,
  notifications,
  plays,
  health,
  admin,
} satisfies { [Feature in keyof Table]: { [Name in keyof Table[Feature]]: SchemasOf<Table[Feature][Name]> } };

const byName: Record<string, Record<string, Wire>> = schemas;
const schemasByRoute = new Map<Route, Wire>(
  Object.entries(routes).flatMap(([feature, table]) =>
    Object.entries(table).map(([name, entry]): [Route, Wire] => [entry, byName[feature]![name]!]),
  ),
);

/** The schema values of a route of the table. */
export function schemasOf<R extends Route>(route: R): SchemasOf<R> {
  const found = schemasByRoute.get(route);
  if (!found) throw new Error(`${route.method} ${route.path} is not a route of the table`);
  return found as SchemasOf<R>;
}
