import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { isApiError } from '../../../api/errors';
import { SectionFailure } from '../../../components/section/SectionFailure';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { adminLink } from './adminPaths';

/** A console screen's head: its title, a line under it, and its actions on the right (under it on a phone). */
export function AdminPageHead({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="admin-head">
      <div className="admin-head__text">
        <h1 className="admin-head__title">{title}</h1>
        {lead && <p className="admin-head__lead">{lead}</p>}
      </div>
      {children && <div className="admin-head__actions">{children}</div>}
    </div>
  );
}

/** The server's refusal (403) in words, with no retry: asking again would be refused again. */
export function AdminRefusal({ message, home = true }: { message: string; home?: boolean }) {
  return (
    <section className="admin-refusal" role="alert">
      <h2 className="admin-refusal__title">{message}</h2>
      {home && (
        <Link {...adminLink('')} className="btn btn--sm">
          콘솔 홈으로
        </Link>
      )}
    </section>
  );
}

/** A console read that failed: a refusal reads as the server said it; anything else as the store's section failure. */
export function AdminFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error) && error.status === 403) return <AdminRefusal message={error.message} />;
  return <SectionFailure error={error} onRetry={onRetry} notFound={{ title: '없는 항목입니다.', back: { to: '/admin/$', label: '콘솔 홈으로' } }} />;
}

/** The keyset list's next page. */
export function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="admin-more">
      <button type="button" className="btn btn--sm" onClick={onMore} disabled={loading}>
        {loading ? '불러오는 중…' : '더 보기'}
      </button>
    </div>
  );
}

/**
 * A member named by their e-mail address, the way the console finds one member (회원 화면으로 보기, 포인트): the input
 * with its own message beside it. `id` is the input's (its message is `<id>-error`).
 */
export function MemberEmailField({ id, value, error, onChange }: { id: string; value: string; error: string | undefined; onChange: (email: string) => void }) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>회원 이메일</label>
      <input
        id={id}
        type="email"
        value={value}
        maxLength={200}
        autoComplete="off"
        placeholder="member@example.com"
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={id} message={error} />
    </div>
  );
}

/**
 * The 사유 a console write is recorded with (audit trail, and where the member sees it): the input, an optional hint
 * (`<id>-hint`) and its own message (`<id>-error`).
 */
export function ReasonField(props: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (reason: string) => void;
  maxLength: number;
  placeholder: string;
  hint?: ReactNode;
  wide?: boolean;
}) {
  const { id, value, error, hint } = props;
  return (
    <div className={props.wide ? 'admin-field admin-field--wide' : 'admin-field'}>
      <label htmlFor={id}>사유</label>
      <input
        id={id}
        value={value}
        maxLength={props.maxLength}
        autoComplete="off"
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <span className="admin-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

/** A field's own message beside it (id `<id>-error`, named by the input's aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <em className="field-error" id={`${id}-error`}>
      {message}
    </em>
  ) : null;
}

/** One label/value pair of a record's facts (`<dl className="admin-facts">`). */
export function Fact({ term, value, strong }: { term: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{strong ? <strong>{value}</strong> : value}</dd>
    </div>
  );
}

/**
 * What a console list shows before its rows: its failure (with 다시 시도) when it has nothing to show, its skeleton
 * while it loads, its empty message when it has no rows; then the list itself.
 */
export function AdminListStates(props: {
  query: { isError: boolean; isPending: boolean; data?: unknown; error: unknown; refetch: () => unknown };
  rows: number;
  lines?: number;
  empty: ReactNode;
  children: ReactNode;
}) {
  const { query } = props;
  if (query.isError && !query.data) return <AdminFailure error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <PageSkeleton lines={props.lines ?? 6} />;
  return <>{props.rows === 0 ? props.empty : props.children}</>;
}

/** What a console form's last send came to, above its button: the server's refusal, or what was done. */
export function FormOutcome({ error, done }: { error?: string | undefined; done?: string | undefined }) {
  return (
    <>
      {error && (
        <p className="admin-form__error" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="admin-notice" role="status">
          {done}
        </p>
      )}
    </>
  );
}
