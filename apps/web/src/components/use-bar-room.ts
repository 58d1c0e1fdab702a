// A game's order bar, fixed at the bottom of a phone's screen (the contract game's Open buttons,
// Lightning Flip's Up and Down): the page's room for it (`--tf-order-bar`, which the game pages' CSS
// leave at their end) is kept equal to the bar's height, as a visitor's sign-in note or the paused
// reason make it taller and the end of the page must not hide behind it.
import { useEffect, type RefObject } from 'react';
import './order-bar.css';

export function useBarRoom(bar: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      // Zero while the bar is in the page's flow (wide screens): the default room applies.
      const fixed = getComputedStyle(element).position === 'fixed';
      if (fixed) root.style.setProperty('--tf-order-bar', `${element.offsetHeight}px`);
      else root.style.removeProperty('--tf-order-bar');
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--tf-order-bar');
    };
  }, [bar]);
}
