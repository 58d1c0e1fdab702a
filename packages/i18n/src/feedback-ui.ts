// Text of the Feedback screen (/pages/feedback/index): the form and the player's own feedback with the
// replies. Apart from ui.ts because the first pages never show it (features/feedback/texts.ts adds
// it). Keep both languages in step (a test compares their keys).
import type { Widen } from './ui';

export const feedbackUiEn = {
  feedbackUi: {
    intro: 'Tell us what to improve, or what went wrong. We read every message.',
    content: 'Your feedback',
    contentPlaceholder: 'What happened, and where in the app',
    contact: 'Contact (optional)',
    contactPlaceholder: 'E-mail or Telegram, for an answer there',
    send: 'Send',
    sent: 'Thank you: your feedback was sent',
    mine: 'Your feedback',
    none: 'Nothing sent yet',
    noneHint: 'What you send shows here, with our reply.',
    reply: 'Our reply',
    waiting: 'Waiting for a reply',
  },
} as const;

export type FeedbackUiMessages = Widen<typeof feedbackUiEn>;

export const feedbackUiZh: FeedbackUiMessages = {
  feedbackUi: {
    intro: '告诉我们哪里需要改进或出了问题，每条反馈我们都会阅读。',
    content: '反馈内容',
    contentPlaceholder: '发生了什么，在应用的哪个页面',
    contact: '联系方式（选填）',
    contactPlaceholder: '邮箱或 Telegram，便于回复',
    send: '提交',
    sent: '感谢反馈，已提交',
    mine: '我的反馈',
    none: '还没有提交过反馈',
    noneHint: '提交的反馈和我们的回复会显示在这里。',
    reply: '官方回复',
    waiting: '等待回复',
  },
};
