import {
  forwardRef,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Eye, EyeOff } from 'lucide-react';
import { useHydrated } from '#web/lib/hydrated.js';
import { cn } from './cn.js';

const controlBase =
  'block w-full rounded-lg border bg-surface-raised px-3 text-base text-ink placeholder:text-ink-muted/70 ' +
  'border-line focus:border-accent aria-[invalid=true]:border-danger';
const control = `${controlBase} h-11`;

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** The French error under a field or a group of controls (docs/specification.md §8), tied to it by id. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-danger" role="alert">
      {message}
    </p>
  );
}

/** Label above, control, then the French error under the field (docs/specification.md §8). */
function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-sm text-ink-muted">{hint}</p>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={cn(control, className)}
        {...props}
      />
    </FieldShell>
  );
});

type PresetProps = Omit<TextFieldProps, 'label' | 'type'> & { label?: string };

/** An e-mail field: the keyboard, autofill and label every form uses. */
export const EmailField = forwardRef<HTMLInputElement, PresetProps>(function EmailField(
  { label = 'Email', ...props },
  ref,
) {
  return <TextField ref={ref} label={label} type="email" autoComplete="email" inputMode="email" {...props} />;
});

/** A French phone number field (the server accepts 06…, +33…, with spaces or dots). */
export const PhoneField = forwardRef<HTMLInputElement, PresetProps>(function PhoneField(
  { label = 'Téléphone', ...props },
  ref,
) {
  return <TextField ref={ref} label={label} type="tel" autoComplete="tel" inputMode="tel" {...props} />;
});

export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(
  function PasswordField({ label, error, hint, id, ...props }, ref) {
    const generated = useId();
    const inputId = id ?? generated;
    const [visible, setVisible] = useState(false);
    return (
      <FieldShell id={inputId} label={label} error={error} hint={hint}>
        <div className="relative">
          <input
            ref={ref}
            id={inputId}
            type={visible ? 'text' : 'password'}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className={cn(control, 'pr-12')}
            {...props}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-ink-muted hover:text-ink"
            aria-label={visible ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
            aria-pressed={visible}
          >
            {visible ? (
              <EyeOff className="h-5 w-5" aria-hidden="true" />
            ) : (
              <Eye className="h-5 w-5" aria-hidden="true" />
            )}
          </button>
        </div>
      </FieldShell>
    );
  },
);

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  options: Array<{ value: string; label: string }>;
  placeholder?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, options, placeholder, id, className, ...props },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FieldShell id={selectId} label={label} error={error}>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        className={cn(control, className)}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
});

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className, rows = 4, ...props },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint}>
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className={cn(controlBase, 'py-2', className)}
        {...props}
      />
    </FieldShell>
  );
});

/** A checkbox with its label on the right. */
export const Checkbox = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }
>(function Checkbox({ label, className, ...props }, ref) {
  return (
    <label className={cn('flex items-center gap-2', className)}>
      <input ref={ref} type="checkbox" className="h-5 w-5 shrink-0 accent-[var(--accent)]" {...props} />
      {label}
    </label>
  );
});

interface ChoiceGroupProps {
  legend: string;
  options: ReadonlyArray<{ value: string; label: ReactNode }>;
  registration: UseFormRegisterReturn;
  /** The French message under the group. */
  error?: string;
}

/** A fieldset of checkboxes or radios for one field of a form, its error under it. */
function ChoiceGroup({
  type,
  legend,
  options,
  registration,
  error,
  layout,
}: ChoiceGroupProps & { type: 'checkbox' | 'radio'; layout: string }) {
  const errorId = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className={layout}>
        {options.map((option) => (
          <label key={option.value} className="flex items-start gap-2">
            <input
              type={type}
              value={option.value}
              className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--accent)]"
              aria-invalid={error ? true : undefined}
              {...registration}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

const ROW = 'flex flex-wrap gap-x-6 gap-y-2';

/** Several checkboxes for one array field of a form (documents, vehicles, qualifications, weekdays). */
export function CheckboxGroup({
  columns = false,
  ...props
}: ChoiceGroupProps & {
  /** In columns (long lists) rather than in a wrapping row. */
  columns?: boolean;
}) {
  return (
    <ChoiceGroup
      type="checkbox"
      layout={columns ? 'grid gap-2 sm:grid-cols-2 lg:grid-cols-3' : ROW}
      {...props}
    />
  );
}

/** Radios for one field of a form: in a wrapping row, or one under the other (`stacked`, long labels). */
export function RadioGroup({ stacked = false, ...props }: ChoiceGroupProps & { stacked?: boolean }) {
  return <ChoiceGroup type="radio" layout={stacked ? 'space-y-2' : ROW} {...props} />;
}

/**
 * The fields of a form, disabled until React has hydrated the page: text typed into prerendered HTML
 * would otherwise be reset when the form library takes over, and a submit would go out natively.
 */
export function FormFields({
  children,
  className,
  disabled = false,
}: {
  children: ReactNode;
  className?: string;
  /** Off for a reason the form says beside it (an action a demo account may not do, say). */
  disabled?: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated || disabled} className={cn('min-w-0 space-y-4', className)}>
      {children}
    </fieldset>
  );
}
