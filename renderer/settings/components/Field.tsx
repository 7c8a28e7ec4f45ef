import type { ReactNode } from 'react';

type FieldProps = {
  /** The input's id; the hint below it is `${id}-hint`, for the input's aria-describedby. */
  id: string;
  label: string;
  hint: string;
  /** Said in place of the hint while the value is refused. */
  problem?: string | undefined;
  className?: string;
  children: ReactNode;
};

/** A labelled input with its hint, or its problem, below. */
export function Field({ id, label, hint, problem, className = 'field', children }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children}
      <p id={`${id}-hint`} className={problem ? 'field-error' : 'hint'}>
        {problem ?? hint}
      </p>
    </div>
  );
}
