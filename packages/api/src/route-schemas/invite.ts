// The schemas of the invite routes (../routes/invite.ts), as values for the server.
import {
  adminRewardRuleBody,
  inviteFriendPage,
  invitePageQuery,
  inviteRewardPage,
  inviteSummary,
  rewardRules,
} from '../invite';

export const invite = {
  summary: { answer: inviteSummary },
  friends: { query: invitePageQuery, answer: inviteFriendPage },
  rewards: { query: invitePageQuery, answer: inviteRewardPage },
  adminRules: { answer: rewardRules },
  adminSetRule: { body: adminRewardRuleBody, answer: rewardRules },
};
