// antd-mobile's Toast (and the animation library under it), loaded on demand by toast.ts. At the top:
// a toast never covers the form a person is filling in (fields, their errors, the submit button).
import './antd-react19';
import '@/lib/antd-locale';
import { Toast } from 'antd-mobile';

export function renderToast(text: string): void {
  Toast.show({ content: text, position: 'top' });
}

export function clearToasts(): void {
  Toast.clear();
}
