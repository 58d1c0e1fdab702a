// The schemas of the wallet routes (../routes/wallet.ts), as values for the server.
import { activityItem, activityQuery } from '../activity';
import { pageSchema } from '../envelope';
import {
  assetOverview,
  balanceList,
  flowDetailQuery,
  flowEntry,
  flowListQuery,
  precisionList,
  precisionMap,
} from '../wallet';

export const wallet = {
  precisionMap: { answer: precisionMap },
  precisionMapFallback: { answer: precisionMap },
  precisions: { answer: precisionList },
  balances: { answer: balanceList },
  overview: { answer: assetOverview },
  flows: { query: flowListQuery, answer: pageSchema(flowEntry) },
  activity: { query: activityQuery, answer: pageSchema(activityItem) },
  flow: { query: flowDetailQuery, answer: flowEntry },
};
