// The schemas of the VIP routes (../routes/vip.ts), as values for the server.
import { adminVipLevelBody, adminVipRemoveLevelBody, vipLevels, vipStatus } from '../vip';

export const vip = {
  status: { answer: vipStatus },
  adminLevels: { answer: vipLevels },
  adminSetLevel: { body: adminVipLevelBody, answer: vipLevels },
  adminRemoveLevel: { body: adminVipRemoveLevelBody, answer: vipLevels },
};
