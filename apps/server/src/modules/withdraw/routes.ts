// /api/app/asset/withdraw*: the user's withdrawal config, request, cancel, records and record detail,
// and the address book of saved recipients.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deleteAddressBody,
  okEmptyEnvelope,
  okEnvelope,
  savedAddress,
  savedAddressList,
  saveAddressBody,
  pageSchema,
  recordIdQuery,
  withdrawBody,
  withdrawCancelBody,
  withdrawConfig,
  withdrawConfigQuery,
  withdrawListQuery,
  withdrawalRecord,
} from '@tradeflip/contract';
import { requireUser } from '../../plugins/auth';
import { networkName } from '@tradeflip/contract';
import { z } from 'zod';
import type { AddressBook } from './address-book';
import type { WithdrawService } from './service';
import { ok, okEmpty, routeGroup } from '../../plugins/route-group';

export async function withdrawRoutes(
  base: FastifyInstance,
  { withdrawals, addressBook }: { withdrawals: WithdrawService; addressBook: AddressBook },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  routeGroup(app, { kind: 'user', tag: 'asset' });

  // The spec's client asks /withdraw/config and falls back to /withdrawConfig on a 404.
  for (const url of ['/api/app/asset/withdraw/config', '/api/app/asset/withdrawConfig']) {
    app.get(
      url,
      {
        schema: {
          summary: "Each network's minimum withdrawal, fee, decimals and availability, and the balance",
          querystring: withdrawConfigQuery,
          response: { 200: okEnvelope(withdrawConfig) },
        },
      },
      async (request) => ok(await withdrawals.config(requireUser(request).id, request.query.token)),
    );
  }

  app.post(
    '/api/app/asset/withdraw',
    {
      schema: {
        summary: 'Request a withdrawal (confirmed with the login password); amount + fee are frozen',
        body: withdrawBody,
        response: { 200: okEnvelope(withdrawalRecord) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(
        await withdrawals.submit(
          { id: user.id, passwordHash: user.row.passwordHash },
          request.body,
          request.lang,
          request.idempotency,
        ),
      );
    },
  );

  app.post(
    '/api/app/asset/withdraw/cancel',
    {
      schema: {
        summary:
          'Cancel one of the user’s withdrawals still in review; amount + fee return to available (409 once reviewed)',
        body: withdrawCancelBody,
        response: { 200: okEnvelope(withdrawalRecord) },
      },
    },
    async (request) =>
      ok(
        await withdrawals.cancel(requireUser(request).id, request.body.id, request.lang, request.idempotency),
      ),
  );

  app.get(
    '/api/app/asset/withdraw/list',
    {
      schema: {
        summary: "The user's withdrawals, newest first",
        querystring: withdrawListQuery,
        response: { 200: okEnvelope(pageSchema(withdrawalRecord)) },
      },
    },
    async (request) => ok(await withdrawals.list(requireUser(request).id, request.query, request.lang)),
  );

  app.get(
    '/api/app/asset/withdraw/detail',
    {
      schema: {
        summary: "One of the user's withdrawals (anyone else's answers 404)",
        querystring: recordIdQuery,
        response: { 200: okEnvelope(withdrawalRecord) },
      },
    },
    async (request) => ok(await withdrawals.detail(requireUser(request).id, request.query.id, request.lang)),
  );

  app.get(
    '/api/app/asset/withdraw/addresses',
    {
      schema: {
        summary: "The user's saved withdrawal addresses, newest first (optionally of one network)",
        querystring: z.object({ network: networkName.optional() }),
        response: { 200: okEnvelope(savedAddressList) },
      },
    },
    async (request) => ok(await addressBook.list(requireUser(request).id, request.query.network)),
  );

  app.post(
    '/api/app/asset/withdraw/addresses',
    {
      schema: {
        summary: 'Save a withdrawal address with a label (checked like a withdrawal recipient)',
        body: saveAddressBody,
        response: { 200: okEnvelope(savedAddress) },
      },
    },
    async (request) => ok(await addressBook.save(requireUser(request).id, request.body, request.idempotency)),
  );

  app.post(
    '/api/app/asset/withdraw/addresses/delete',
    {
      schema: {
        summary: 'Remove one of the user’s saved addresses (anyone else’s answers 404)',
        body: deleteAddressBody,
        response: { 200: okEmptyEnvelope },
      },
    },
    async (request) => {
      await addressBook.remove(requireUser(request).id, request.body.id);
      return okEmpty;
    },
  );
}
