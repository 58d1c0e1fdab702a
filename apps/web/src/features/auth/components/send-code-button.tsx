import { useTranslation } from 'react-i18next';

interface SendCodeButtonProps {
  secondsLeft: number;
  sending: boolean;
  onSend: () => void;
}

/** Sits inside the code field: 'Send code', then 'Resend in 59s' while the 60 s wait runs. */
export function SendCodeButton({ secondsLeft, sending, onSend }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const waiting = secondsLeft > 0;
  return (
    <button
      type="button"
      className="send-code"
      data-testid="send-code"
      onClick={onSend}
      disabled={waiting || sending}
      aria-busy={sending || undefined}
    >
      {waiting ? t('auth.resendIn', { s: secondsLeft }) : t('auth.sendCode')}
    </button>
  );
}
