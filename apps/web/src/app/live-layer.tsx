// What a signed-in player's screens share, loaded with its own chunk only once someone is signed in
// (`/` of a visitor carries none of it): the user channel's subscription and the notices' toasts.
import NoticeToasts from '@/components/notices/notice-toasts';
import { useUserChannel } from '@/lib/live/user-channel';

export default function LiveLayer() {
  useUserChannel();
  return <NoticeToasts />;
}
