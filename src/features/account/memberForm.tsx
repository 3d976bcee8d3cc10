import { useState, type InputHTMLAttributes } from 'react';
import type { z } from 'zod';
import { fieldErrors, NAME_MAX_LENGTH, type FieldErrors, type FormValues } from './memberFields';

/**
 * The submit of a member form (sign-up, profile): reads the form and parses it with `fields`; on a refusal shows
 * the first message per field, otherwise clears them and hands the parsed values to `send`.
 */
export function useFieldsSubmit<S extends z.ZodObject>(
  fields: S,
  read: (form: FormData) => FormValues<S>,
  send: (values: z.output<S>) => void,
) {
  const [errors, setErrors] = useState<FieldErrors<keyof z.output<S> & string>>({});
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = fields.safeParse(read(new FormData(e.currentTarget)));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    send(parsed.data);
  };
  return { errors, submit };
}

/** A field's message, `#<field>-error`, shown only while there is one. */
export function FieldError({ field, message }: { field: string; message: string | undefined }) {
  return message ? (
    <em className="field-error" id={`${field}-error`} role="alert">
      {message}
    </em>
  ) : null;
}

interface MemberInputProps {
  defaultValue?: string;
  error: string | undefined;
  /** Links the input to its message with aria-describedby (the profile form does; the sign-up form does not). */
  describedByError?: boolean;
}

function LabelledInput({
  label,
  error,
  describedByError,
  ...input
}: MemberInputProps & { label: string; name: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label>
      <span>{label}</span>
      <input {...input} aria-invalid={!!error} aria-describedby={describedByError ? `${input.name}-error` : undefined} />
      <FieldError field={input.name} message={error} />
    </label>
  );
}

export function NameInput(props: MemberInputProps) {
  return <LabelledInput label="이름" name="name" maxLength={NAME_MAX_LENGTH} autoComplete="name" {...props} />;
}

export function PhoneInput(props: MemberInputProps) {
  return (
    <LabelledInput
      label="휴대폰 번호"
      name="phone"
      type="tel"
      inputMode="numeric"
      placeholder="010-1234-5678"
      autoComplete="tel-national"
      {...props}
    />
  );
}
