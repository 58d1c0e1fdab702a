// /api/app/asset/withdraw*: the user's withdrawal config, request, cancel, records and record detail,
// and the address book of saved recipients.
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import { requireUser } from '../account/authenticate';
import type { AddressBook } from './address-book';
import type { WithdrawService } from './service';
import { routeGroup, serveRoute } from '../../plugins/route-group';

export async function withdrawRoutes(
  app: FastifyInstance,
  { withdrawals, addressBook }: { withdrawals: WithdrawService; addressBook: AddressBook },
) {
  routeGroup(app, { kind: 'user', tag: 'asset' });
  const { withdraw } = routes;

  // The spec's client asks /withdraw/config and falls back to /withdrawConfig on a 404.
  for (const route of [withdraw.config, withdraw.configFallback]) {
    serveRoute(
      app,
      route,
      { summary: "Each network's minimum withdrawal, fee, decimals and availability, and the balance" },
      (request) => withdrawals.config(requireUser(request).id, request.query.token),
    );
  }

  serveRoute(
    app,
    withdraw.submit,
    { summary: 'Request a withdrawal (confirmed with the login password); amount + fee are frozen' },
    (request) => {
      const user = requireUser(request);
      return withdrawals.submit(
        { id: user.id, passwordHash: user.row.passwordHash },
        request.body,
        request.lang,
        request.idempotency,
      );
    },
  );

  serveRoute(
    app,
    withdraw.cancel,
    {
      summary:
        'Cancel one of the user’s withdrawals still in review; amount + fee return to available (409 once reviewed)',
    },
    (request) =>
      withdrawals.cancel(requireUser(request).id, request.body.id, request.lang, request.idempotency),
  );

  serveRoute(app, withdraw.list, { summary: "The user's withdrawals, newest first" }, (request) =>
    withdrawals.list(requireUser(request).id, request.query, request.lang),
  );

  serveRoute(
    app,
    withdraw.detail,
    { summary: "One of the user's withdrawals (anyone else's answers 404)" },
    (request) => withdrawals.detail(requireUser(request).id, request.query.id, request.lang),
  );

  serveRoute(
    app,
    withdraw.addresses,
    { summary: "The user's saved withdrawal addresses, newest first (optionally of one network)" },
    (request) => addressBook.list(requireUser(request).id, request.query.network),
  );

  serveRoute(
    app,
    withdraw.saveAddress,
    { summary: 'Save a withdrawal address with a label (checked like a withdrawal recipient)' },
    (request) => addressBook.save(requireUser(request).id, request.body, request.idempotency),
  );

  serveRoute(
    app,
    withdraw.deleteAddress,
    { summary: 'Remove one of the user’s saved addresses (anyone else’s answers 404)' },
    (request) => addressBook.remove(requireUser(request).id, request.body.id),
  );
}
