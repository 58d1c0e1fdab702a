// The schemas of the withdrawal routes (../routes/withdraw.ts), as values for the server.
import {
  deleteAddressBody,
  recordIdQuery,
  recordListQuery,
  saveAddressBody,
  savedAddress,
  savedAddressList,
  savedAddressListQuery,
  withdrawalRecord,
  withdrawBody,
  withdrawCancelBody,
  withdrawConfig,
  withdrawConfigQuery,
} from '../chain-wallet';
import { pageSchema } from '../envelope';

export const withdraw = {
  config: { query: withdrawConfigQuery, answer: withdrawConfig },
  configFallback: { query: withdrawConfigQuery, answer: withdrawConfig },
  submit: { body: withdrawBody, answer: withdrawalRecord },
  cancel: { body: withdrawCancelBody, answer: withdrawalRecord },
  list: { query: recordListQuery, answer: pageSchema(withdrawalRecord) },
  detail: { query: recordIdQuery, answer: withdrawalRecord },
  addresses: { query: savedAddressListQuery, answer: savedAddressList },
  saveAddress: { body: saveAddressBody, answer: savedAddress },
  deleteAddress: { body: deleteAddressBody },
};
