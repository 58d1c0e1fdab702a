// antd-mobile 5 renders its imperative APIs (Toast, Dialog.show) with the legacy ReactDOM.render, which
// React 19 removed. Point it at createRoot. Import this module before using those APIs.
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { __tradeflipRoot?: Root };

unstableSetRender((node, container: Container) => {
  const root = (container.__tradeflipRoot ??= createRoot(container));
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete container.__tradeflipRoot;
  };
});
