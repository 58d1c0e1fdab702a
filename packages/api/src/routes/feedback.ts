// /api/app/feedback: send feedback and read one's own with its replies; /api/admin/feedback/*: the
// operators' list and reply.
import type { feedback as wire } from '../route-schemas/feedback';

export const send = {
  method: 'POST',
  path: '/api/app/feedback',
  wire: {} as typeof wire.send,
} as const;
export const mine = {
  method: 'GET',
  path: '/api/app/feedback',
  wire: {} as typeof wire.mine,
} as const;
export const adminList = {
  method: 'GET',
  path: '/api/admin/feedback',
  wire: {} as typeof wire.adminList,
} as const;
export const adminReply = {
  method: 'POST',
  path: '/api/admin/feedback/reply',
  wire: {} as typeof wire.adminReply,
} as const;
