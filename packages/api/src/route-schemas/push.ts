// The schemas of the Web Push routes (../routes/push.ts), as values for the server.
import { pushDevice, pushKey, pushRemoveBody, pushSubscriptionBody } from '../push';

export const push = {
  key: { answer: pushKey },
  subscribe: { body: pushSubscriptionBody, answer: pushDevice },
  remove: { body: pushRemoveBody, answer: pushDevice },
};
