// antd-mobile's Toast (and the animation library under it), loaded on demand by toast.ts.
import './antd-react19';
import { Toast } from 'antd-mobile';

export function renderToast(text: string): void {
  Toast.show({ content: text, position: 'center' });
}
