import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

type Props = {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  /** Where focus lands: on the yes, or, where the yes loses work, on the way back. */
  focus?: 'confirm' | 'cancel';
  /** What the agent must see before saying yes. */
  children?: ReactNode;
  onConfirm(): void;
  onCancel(): void;
};

/** An inline "are you sure": focus lands on it, and Esc closes it rather than leaving the screen. */
export function ConfirmPanel(props: Props) {
  const {
    title,
    body,
    confirmLabel,
    cancelLabel,
    busy,
    focus = 'confirm',
    children,
    onConfirm,
    onCancel,
  } = props;
  const titleId = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: where focus starts is decided once
  useEffect(() => (focus === 'confirm' ? confirm : cancel).current?.focus(), []);
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
        <button ref={cancel} type="button" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </section>
  );
}
