// The address book (issue 9): the user's saved withdrawal addresses, each a label, a network and an
// address, checked exactly like a withdrawal's recipient (format, checksum, and never an address that
// swallows tokens). At most ADDRESS_BOOK_MAX per user; the same address twice on a network is refused.
import { getAddress } from 'viem';
import { ADDRESS_BOOK_MAX, type SavedAddress } from '@tradeflip/api';
import type { ChainRegistry } from '../../chain/registry';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { NetworkName } from '../../chain/network';
import { AppError } from '../../errors';
import type { IdempotencyRecord } from '../../plugins/idempotency';
import * as repo from './address-book-repository';
import { checkRecipient } from './service';

function toSavedAddress(row: repo.SavedAddressRow): SavedAddress {
  return {
    id: String(row.id),
    label: row.label,
    network: row.network,
    address: getAddress(row.address),
    createdAt: row.createdAt.toISOString(),
  };
}

export class AddressBook {
  constructor(private readonly deps: { db: Database; clock: Clock; chains?: ChainRegistry | undefined }) {}

  /** GET /api/app/asset/withdraw/addresses: newest first, all networks or one. */
  async list(userId: number, network?: NetworkName): Promise<{ list: SavedAddress[] }> {
    return { list: (await repo.userAddresses(this.deps.db, userId, network)).map(toSavedAddress) };
  }

  /** POST /api/app/asset/withdraw/addresses (keyed: the answer is stored with the entry). */
  async save(
    userId: number,
    body: { label: string; network: NetworkName; address: string },
    record?: IdempotencyRecord,
  ): Promise<SavedAddress> {
    checkRecipient(body.address, this.deps.chains?.network(body.network));
    return this.deps.db.transaction(async (tx) => {
      // A limit for the screen's sake: two saves racing at the 20th may both land, which is harmless.
      if ((await repo.countAddresses(tx, userId)) >= ADDRESS_BOOK_MAX) {
        throw new AppError(400, 'validation', 'errors.addressBookFull', { vars: { max: ADDRESS_BOOK_MAX } });
      }
      const row = await repo.insertAddress(tx, {
        userId,
        label: body.label,
        network: body.network,
        address: body.address.toLowerCase(),
        createdAt: this.deps.clock.now(),
      });
      if (!row) {
        throw new AppError(409, 'conflict', 'errors.addressExists', {
          fields: { address: 'errors.addressExists' },
        });
      }
      const answer = toSavedAddress(row);
      await record?.commit(tx, answer);
      return answer;
    });
  }

  /** POST /api/app/asset/withdraw/addresses/delete: another user's id (or none) is 404. */
  async remove(userId: number, id: string): Promise<void> {
    if (!(await repo.deleteAddress(this.deps.db, userId, Number(id)))) {
      throw new AppError(404, 'not_found', 'errors.notFound');
    }
  }
}
