// The one bottom sheet (and confirm dialog) of the app: a title, its body, the actions at its foot
// (the way out, then the action), on one stylesheet. Closes on a tap outside it; its content is
// dropped when it closes, so a form in it starts afresh.
import type { MouseEventHandler, ReactNode } from 'react';
import '@/lib/antd-locale';
import Popup from 'antd-mobile/es/components/popup';
import './sheet.css';

export interface SheetProps {
  /** Shown or not; a sheet mounted only while shown leaves it out. */
  visible?: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** The sheet's accessible name; the title's text by default. */
  label?: string;
  /** On the content's wrapper, as the tests find it. */
  testId?: string;
  /** More classes for the sheet's body (a sheet's own layout). */
  className?: string;
  /** The way out's words: a button at its foot, before the actions, that closes the sheet. */
  cancel?: string;
  /** The way out waits too (while the action is under way). */
  busy?: boolean;
  /** A sheet only to read (a record's detail): its one button's words, which close it (test id: the
   *  sheet's with `-done`). */
  done?: string;
  /** Its action's button(s), at its foot after the way out. */
  actions?: ReactNode;
  /** A dialog asking to confirm (announced as one). */
  dialog?: boolean;
  /** A ✕ at its top corner: its accessible name, and what it does (closing, unless told otherwise). */
  close?: { label: string; onClick?: () => void };
  /** Its layer, when it must be above every other one (the install sheet's, spec §9). */
  zIndex?: number;
  onClickCapture?: MouseEventHandler<HTMLDivElement>;
  children?: ReactNode;
}

export function Sheet({
  visible = true,
  onClose,
  title,
  label,
  testId,
  className,
  cancel,
  busy,
  done,
  actions,
  dialog,
  close,
  zIndex,
  onClickCapture,
  children,
}: SheetProps) {
  const name = label ?? (typeof title === 'string' ? title : undefined);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName={className ? `sheet ${className}` : 'sheet'}
      destroyOnClose
      aria-label={dialog ? undefined : name}
      style={zIndex === undefined ? undefined : { '--z-index': String(zIndex) }}
    >
      <div
        data-testid={testId}
        role={dialog ? 'dialog' : undefined}
        aria-label={dialog ? name : undefined}
        onClickCapture={onClickCapture}
      >
        {close && (
          <button
            type="button"
            className="sheet__close"
            aria-label={close.label}
            onClick={close.onClick ?? onClose}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        )}
        {title !== undefined && <h2 className="sheet__title">{title}</h2>}
        {children}
        {(cancel || done || actions) && (
          <div className="sheet-actions">
            {cancel && (
              <button type="button" className="btn btn--ghost" onClick={onClose} disabled={busy}>
                {cancel}
              </button>
            )}
            {done && (
              <button
                type="button"
                className="btn btn--ghost"
                data-testid={testId && `${testId}-done`}
                onClick={onClose}
              >
                {done}
              </button>
            )}
            {actions}
          </div>
        )}
      </div>
    </Popup>
  );
}
