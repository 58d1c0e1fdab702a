// Feedback (/pages/feedback/index): content (required: 'Please enter content', spec) and an optional
// contact, checked as typed by the same schema the server checks; then the player's own feedback,
// newest first, each with the operators' reply once there is one.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackBody, type FeedbackBody, type FeedbackItem } from '@tradeflip/api';
import { EmptyState } from '@/components/empty-state';
import { Form, SubmitButton } from '@/components/form/form';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { PagedList } from '@/components/paged-list';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { formatDateTime } from '@/lib/format-time';
import { showToast } from '@/lib/toast';
import { useMyFeedback, useSendFeedback } from '../api/feedback-api';
import '../texts';
import './feedback.css';

const resolver = zodResolver(feedbackBody, undefined, { raw: true });

function FeedbackCard({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation();
  return (
    <article className="feedback-card" data-testid={`feedback-${item.id}`}>
      <p className="feedback-card__content">{item.content}</p>
      <small>{formatDateTime(item.createdAt, { minutes: true })}</small>
      {item.reply ? (
        <div className="feedback-card__reply" data-testid="feedback-reply">
          <b>{t('feedbackUi.reply')}</b>
          <p>{item.reply}</p>
          <small>{formatDateTime(item.repliedAt, { minutes: true })}</small>
        </div>
      ) : (
        <p className="feedback-card__waiting">{t('feedbackUi.waiting')}</p>
      )}
    </article>
  );
}

export function FeedbackPage() {
  const { t } = useTranslation();
  const form = useZodForm<FeedbackBody>({ defaultValues: { content: '', contact: '' }, resolver });
  const send = useSendFeedback();
  const mine = useMyFeedback();
  const [sent, setSent] = useState(0);
  const submit = useAntiRepeat(
    form.submitCall(async (values) => {
      await send.mutateAsync({
        content: values.content,
        ...(values.contact ? { contact: values.contact } : {}),
        appVersion: import.meta.env.VITE_APP_VERSION ?? 'web',
      });
      form.reset({ content: '', contact: '' });
      // A new box for the next message (its count of characters starts again at 0).
      setSent((n) => n + 1);
      showToast(t('feedbackUi.sent'));
    }),
  );
  return (
    <PageFrame title={t('titles.feedback')} className="feedback">
      <p className="feedback__intro">{t('feedbackUi.intro')}</p>
      <Form className="feedback__form" onSubmit={submit}>
        <TextAreaField
          key={sent}
          label={t('feedbackUi.content')}
          placeholder={t('feedbackUi.contentPlaceholder')}
          maxLength={2000}
          {...form.field('content')}
          testId="feedback-content"
        />
        <TextField
          {...form.field('contact')}
          label={t('feedbackUi.contact')}
          placeholder={t('feedbackUi.contactPlaceholder')}
          maxLength={200}
        />
        <SubmitButton loading={send.isPending} testId="feedback-send">
          {t('feedbackUi.send')}
        </SubmitButton>
      </Form>
      <h2 className="feedback__title">{t('feedbackUi.mine')}</h2>
      <PagedList
        query={mine}
        testId="feedback-list"
        itemKey={(item) => item.id}
        empty={
          <EmptyState
            testId="no-feedback"
            title={t('feedbackUi.none')}
            description={t('feedbackUi.noneHint')}
          />
        }
        renderItem={(item) => <FeedbackCard item={item} />}
      />
    </PageFrame>
  );
}
