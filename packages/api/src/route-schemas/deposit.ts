// The schemas of the deposit routes (../routes/deposit.ts), as values for the server.
import {
  depositInfo,
  depositInfoQuery,
  recordListQuery,
  depositOptions,
  depositRecord,
  recordIdQuery,
} from '../chain-wallet';
import { pageSchema } from '../envelope';

export const deposit = {
  options: { answer: depositOptions },
  info: { query: depositInfoQuery, answer: depositInfo },
  list: { query: recordListQuery, answer: pageSchema(depositRecord) },
  detail: { query: recordIdQuery, answer: depositRecord },
};
