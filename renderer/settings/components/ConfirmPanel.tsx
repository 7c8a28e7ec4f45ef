import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { useFocusOnMount } from '../../shared/hooks/useFocusOnMount.ts';

type Props = {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  /** What the supervisor must see before saying yes. */
  children?: ReactNode;
  onConfirm(): void;
  onCancel(): void;
};

/** An inline "are you sure": focus lands on it, and Esc closes it rather than leaving the screen. */
export function ConfirmPanel(props: Props) {
  const { title, body, confirmLabel, cancelLabel, busy, children, onConfirm, onCancel } = props;
  const titleId = useId();
  const confirm = useFocusOnMount<HTMLButtonElement>();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onCancel();
  };
  return (
    <section className="confirm-panel" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <h2 id={titleId}>{title}</h2>
      <p>{body}</p>
      {children}
      <div className="actions">
        <button ref={confirm} type="button" className="button-primary" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </section>
  );
}
