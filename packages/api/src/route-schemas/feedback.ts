// The schemas of the feedback routes (../routes/feedback.ts), as values for the server.
import {
  adminFeedbackPage,
  adminFeedbackQuery,
  adminFeedbackReplyBody,
  adminFeedbackItem,
  feedbackBody,
  feedbackItem,
  feedbackListQuery,
  feedbackPage,
} from '../feedback';

export const feedback = {
  send: { body: feedbackBody, answer: feedbackItem },
  mine: { query: feedbackListQuery, answer: feedbackPage },
  adminList: { query: adminFeedbackQuery, answer: adminFeedbackPage },
  adminReply: { body: adminFeedbackReplyBody, answer: adminFeedbackItem },
};
